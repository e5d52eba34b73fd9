import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from '@shared/contracts/openapi';
import { COMPONENT_REF } from '@shared/contracts/openapi-schemas';
import { escapeHtml } from '../../mail/layout';

type JsonSchema = Record<string, unknown>;

const AUDIENCE_LABELS: Record<OpenApiOperation['x-audience'], string> = {
  public: 'Anyone',
  'signed-in': 'Any signed-in user',
  attorney: 'Attorneys',
  firm: 'Firm users',
  'signed-url': 'Holder of the signed URL',
  local: 'This machine only',
};

/**
 * A JSON schema written the way a reader thinks of it: `{ id: string; status: "pending" | … }`.
 * Covers what z.toJSONSchema emits for the contracts; anything else reads as `unknown`.
 */
export function describeSchema(schema: JsonSchema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'unknown';
  const inner = `${indent}  `;
  const note = typeof schema.description === 'string' ? ` /* ${schema.description} */` : '';
  // A named schema reads as its name; the page lists each one under Schemas.
  if (typeof schema.$ref === 'string') return schema.$ref.replace(COMPONENT_REF, '') + note;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return union.map((s) => describeSchema(s, indent)).join(' | ') + note;
  if (Array.isArray(schema.type))
    return (schema.type as string[]).map((t) => describeSchema({ ...schema, type: t }, indent)).join(' | ');
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const lines = Object.entries(properties).map(
        ([name, s]) =>
          `${inner}${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}${required.has(name) ? '' : '?'}: ${describeSchema(s, inner)};`,
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object')
        lines.push(`${inner}[key: string]: ${describeSchema(extra as JsonSchema, inner)};`);
      if (!lines.length) return `{}${note}`;
      return `{${note}\n${lines.join('\n')}\n${indent}}`;
    }
    case 'array': {
      const itemSchema = schema.items as JsonSchema | undefined;
      const items = describeSchema(itemSchema, indent);
      const isUnion =
        !!itemSchema &&
        (Array.isArray(itemSchema.anyOf) || Array.isArray(itemSchema.enum) || Array.isArray(itemSchema.type));
      return `${isUnion ? `(${items})` : items}[]${note}`;
    }
    case 'integer':
      return `integer${note}`;
    case 'string':
      return `string${schema.format === 'binary' ? ' (binary)' : ''}${note}`;
    default:
      return `${String(schema.type ?? 'unknown')}${note}`;
  }
}

const code = (text: string) => `<pre><code>${escapeHtml(text)}</code></pre>`;
const anchor = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');

const schemaAnchor = (name: string) => `schema-${name}`;

function renderOperation(
  method: string,
  path: string,
  op: OpenApiOperation,
  shared: Record<string, OpenApiResponse>,
): string {
  const parts: string[] = [`<p><strong>Who:</strong> ${escapeHtml(AUDIENCE_LABELS[op['x-audience']])}</p>`];
  // PRODUCT.md §14: the API token scopes that reach the operation (none: no token does).
  if (op['x-api-scopes']?.length)
    parts.push(
      `<p><strong>API token scopes:</strong> ${op['x-api-scopes'].map((s) => `<code>${escapeHtml(s)}</code>`).join(' or ')}</p>`,
    );
  if (op.description) parts.push(`<p>${escapeHtml(op.description)}</p>`);
  if (op.parameters?.length) {
    const rows = op.parameters
      .map(
        (p) =>
          `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${escapeHtml(describeSchema(p.schema))}</code></td></tr>`,
      )
      .join('');
    parts.push(
      `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Type</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  if (op.requestBody) {
    parts.push(
      `<h4>Request body (JSON${op.requestBody.required ? '' : ', optional'})</h4>${code(describeSchema(op.requestBody.content['application/json'].schema))}`,
    );
  }
  const answers = Object.entries(op.responses).map(
    ([status, r]) => [status, '$ref' in r ? shared[r.$ref.split('/').pop() ?? ''] : r] as const,
  );
  const responses = answers
    .filter(([status]) => /^2|^3/.test(status))
    .map(([status, r]) => {
      const [contentType, media] = Object.entries(r.content ?? {})[0] ?? [];
      const body =
        contentType === 'application/json'
          ? code(describeSchema(media?.schema))
          : contentType
            ? `<p>Body: <code>${escapeHtml(contentType)}</code></p>`
            : '';
      const headers = Object.entries(r.headers ?? {})
        .map(([name, h]) => `<p>Header <code>${escapeHtml(name)}</code>: ${escapeHtml(h.description)}</p>`)
        .join('');
      return `<h4>${escapeHtml(status)} — ${escapeHtml(r.description)}</h4>${body}${headers}`;
    });
  const errors = answers
    .filter(([status]) => /^[45]/.test(status))
    .map(
      ([status, r]) => `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(r?.description ?? '')}</li>`,
    )
    .join('');
  parts.push(
    ...responses,
    `<h4>Errors</h4><ul class="muted">${errors}</ul><p class="muted">Each as <a href="#${schemaAnchor('ApiError')}"><code>ApiError</code></a> unless said otherwise.</p>`,
  );
  return `<details id="${anchor(method, path)}"><summary><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="summary">${escapeHtml(op.summary)}</span></summary><div class="body">${parts.join('')}</div></details>`;
}

/** /api/docs: every operation of the OpenAPI document, grouped by area. No script; works from the keyboard. */
export function renderApiDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? 'Other';
      byTag.set(tag, [
        ...(byTag.get(tag) ?? []),
        renderOperation(method, path, op, doc.components.responses),
      ]);
    }
  }
  const tags = doc.tags.map((t) => t.name).filter((name) => byTag.has(name));
  const tagId = (name: string) => `area-${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
  const nav = tags.map((t) => `<li><a href="#${tagId(t)}">${escapeHtml(t)}</a></li>`).join('');
  const sections = tags
    .map(
      (t) =>
        `<section aria-labelledby="${tagId(t)}"><h2 id="${tagId(t)}">${escapeHtml(t)}</h2>${byTag.get(t)?.join('')}</section>`,
    )
    .join('');
  const schemas = Object.entries(doc.components.schemas)
    .map(
      ([name, schema]) =>
        `<details id="${schemaAnchor(name)}"><summary><code>${escapeHtml(name)}</code></summary><div class="body">${code(describeSchema(schema))}</div></details>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API — ${escapeHtml(doc.info.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:1rem;color:#1a1a1a;line-height:1.5}
a{color:#0b57d0}.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem;z-index:1}
:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
details{border:1px solid #c9ced6;border-radius:6px;margin:.5rem 0}
summary{cursor:pointer;padding:.6rem .8rem;display:flex;gap:.6rem;align-items:baseline;flex-wrap:wrap}
summary code{font-weight:600}.summary{color:#333}
.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;font:600 .8rem/1.6 ui-monospace,monospace;color:#fff;background:#445}
.method.get{background:#1b6e3a}.method.post{background:#0b57d0}.method.put{background:#8a4b00}.method.delete{background:#a0112b}
.body{padding:0 1rem 1rem;border-top:1px solid #e3e6ea}
pre{background:#f4f6f8;padding:.75rem;border-radius:4px;overflow:auto;font-size:.85rem}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;border-bottom:1px solid #e3e6ea;padding:.3rem .5rem;vertical-align:top}
h4{margin:1rem 0 .3rem}.muted{color:#555;font-size:.9rem}
</style></head><body>
<a class="skip" href="#main">Skip to the operations</a>
<header><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>${escapeHtml(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${escapeHtml(doc.openapi)}).</p>
<nav aria-label="Areas"><ul>${nav}<li><a href="#schemas">Schemas</a></li></ul></nav></header>
<main id="main">${sections}<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>${schemas}</section></main></body></html>`;
}
