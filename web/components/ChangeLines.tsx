import { Box, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { PackageChange } from '@shared/sharing';
import { Fragment, useMemo } from 'react';

const valueStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * One changed value on one line: 'Billable Hours · Current Year: 1,650 → 1,720'. The
 * old value is dimmed (not struck through: it stays readable), the new one bold; an answer added or
 * removed says so in words. Screen readers hear 'changed from … to …'.
 */
function ChangeLine({ change }: { change: PackageChange }) {
  const { before, after } = change;
  return (
    <Box component="li" py={6} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Text size="sm" style={valueStyle}>
        <Text span fw={600}>
          {change.label}:
        </Text>{' '}
        {before !== null && after !== null ? (
          <>
            <VisuallyHidden>changed from </VisuallyHidden>
            <Text span c="gray.7" component="del" td="none" style={valueStyle}>
              {before}
            </Text>
            <Text span c="gray.7" aria-hidden>
              {' → '}
            </Text>
            <VisuallyHidden> to </VisuallyHidden>
            <Text span fw={600} component="ins" td="none" style={valueStyle}>
              {after}
            </Text>
          </>
        ) : after !== null ? (
          <>
            <Text span fw={600} component="ins" td="none" style={valueStyle}>
              {after}
            </Text>{' '}
            <Text span c="gray.7" size="xs" fw={600}>
              (added)
            </Text>
          </>
        ) : (
          <>
            <Text span c="gray.7" component="del" td="none" style={valueStyle}>
              {before}
            </Text>{' '}
            <Text span c="gray.7" size="xs" fw={600}>
              (removed)
            </Text>
          </>
        )}
      </Text>
    </Box>
  );
}

/**
 * Changes in the review screen's order: one heading per section, then per group ('Financial History'),
 * one line per value. Used by the firm's 'What changed' and by the attorney's request card.
 */
export function ChangeLines({
  changes,
  headingOrder = 3,
}: {
  changes: PackageChange[];
  headingOrder?: 3 | 4;
}) {
  const sections = useMemo(() => {
    const bySection = new Map<string, Map<string, PackageChange[]>>();
    for (const c of changes) {
      const groups = bySection.get(c.section) ?? new Map<string, PackageChange[]>();
      // A change that sits in no group has its label as field: it is listed under the section itself.
      const group = c.field === c.label ? '' : c.field;
      groups.set(group, [...(groups.get(group) ?? []), c]);
      bySection.set(c.section, groups);
    }
    return [...bySection.entries()].map(([section, groups]) => [section, [...groups.entries()]] as const);
  }, [changes]);
  return (
    <Stack gap="md">
      {sections.map(([section, groups]) => (
        <Box key={section} component="section" aria-label={section}>
          <Title order={headingOrder} fz="md" c="navy.9" mb={4}>
            {section}
          </Title>
          {groups.map(([group, items]) => (
            <Fragment key={group}>
              {group && (
                <Text size="xs" fw={700} tt="uppercase" c="gray.7" mt="xs" mb={2}>
                  {group}
                </Text>
              )}
              <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {items.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one label can repeat; the list never reorders
                  <ChangeLine key={`${c.label}-${i}`} change={c} />
                ))}
              </Box>
            </Fragment>
          ))}
        </Box>
      ))}
    </Stack>
  );
}
