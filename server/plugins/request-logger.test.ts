import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './log-redaction';
import { requestLoggers, writes } from './request-logger';

/** A root logger as the app makes it (redaction included), writing to a list of parsed lines. */
function rootLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const root = createLogger(level, stream);
  return { root, lines, lazyRequestLogger: requestLoggers(root) };
}

const withoutTime = ({ time: _, ...line }: Record<string, unknown>) => line;

describe('the request logger, made on its first line', () => {
  it('writes nothing and makes no child for lines below the level', () => {
    const { root, lines, lazyRequestLogger } = rootLogger('warn');
    const child = vi.spyOn(root, 'child');
    const log = lazyRequestLogger(root, { reqId: 'req-1' }, {});
    log.info({ req: { method: 'GET', url: '/x' } }, 'incoming request');
    log.debug('debug');
    log.trace('trace');
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('warn');
  });

  it('writes exactly what the child would have written, redaction included', () => {
    const lazy = rootLogger('info');
    const eager = rootLogger('info');
    const bindings = { reqId: 'req-7' };
    const err = new Error('boom');
    const lines = (log: FastifyBaseLogger) => {
      log.info({ user: { password: 'Sekret-1' } }, 'signed in');
      log.warn('careful %s', 'now');
      log.error({ err }, 'request failed');
      log.child({ part: 'pdf' }).error({ token: 't0k' }, 'nested');
    };
    lines(lazy.lazyRequestLogger(lazy.root, bindings, {}));
    lines(eager.root.child(bindings, {}));
    expect(lazy.lines.map(withoutTime)).toEqual(eager.lines.map(withoutTime));
    expect(lazy.lines).toHaveLength(4);
    expect(lazy.lines.every((l) => l.reqId === 'req-7')).toBe(true);
    expect(JSON.stringify(lazy.lines)).not.toContain('Sekret-1');
    expect(JSON.stringify(lazy.lines)).not.toContain('t0k');
    expect(lazy.lines[3].part).toBe('pdf');
  });

  it('makes the child once, and follows a level set on it', () => {
    const { root, lines, lazyRequestLogger } = rootLogger('warn');
    const child = vi.spyOn(root, 'child');
    const log = lazyRequestLogger(root, { reqId: 'req-2' }, {});
    log.warn('one');
    log.error('two');
    expect(child).toHaveBeenCalledTimes(1);
    log.level = 'debug';
    log.debug('three');
    expect(lines.map((l) => l.msg)).toEqual(['one', 'two', 'three']);
    expect(root.level).toBe('warn');
  });

  it('gives a route with its own level or serializers its child at once', () => {
    const { root, lazyRequestLogger } = rootLogger('warn');
    const child = vi.spyOn(root, 'child');
    lazyRequestLogger(root, { reqId: 'req-3' }, { level: 'debug' });
    expect(child).toHaveBeenCalledTimes(1);
  });

  it('says whether a level is written', () => {
    expect(writes(rootLogger('info').root, 'info')).toBe(true);
    expect(writes(rootLogger('warn').root, 'info')).toBe(false);
    expect(writes(rootLogger('warn').root, 'error')).toBe(true);
  });

  it("carries Fastify's request id on the lines of a request", async () => {
    const { root, lines, lazyRequestLogger } = rootLogger('info');
    const app = Fastify({ loggerInstance: root, childLoggerFactory: lazyRequestLogger });
    app.get('/fail', async (request) => {
      request.log.warn('about to fail');
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: '/fail' });
    await app.close();
    const ids = new Set(lines.filter((l) => l.reqId !== undefined).map((l) => l.reqId));
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'about to fail', 'boom', 'request completed']),
    );
    expect(ids.size).toBe(1);
    expect(lines.filter((l) => l.msg !== undefined).every((l) => l.reqId !== undefined)).toBe(true);
  });
});
