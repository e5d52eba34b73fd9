import { Alert, Stack, Tabs, Text } from '@mantine/core';
import type { PackageView } from '@shared/package-view';
import { IconLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { MarkedSection } from './change-marks';
import { GroupView } from './PackageView';

/** A tab after the package's parts (PRODUCT.md §12: the firm's business case), rendered only when chosen. */
export type ExtraTab = { key: string; tab: string; panel: ReactNode };

/**
 * PRODUCT.md §4: the frozen package in tabs, in the spec's order, as describePackage sets it out, then
 * `extra` (the business case, for the roles that may model it). The chosen tab stays when another version is
 * shown, unless that version has no such part.
 */
export function PackageTabs({ view, extra }: { view: PackageView; extra?: ExtraTab }) {
  const [chosen, setChosen] = useState<string>(view.sections[0].key);
  const active =
    view.sections.some((s) => s.key === chosen) || (extra && extra.key === chosen)
      ? chosen
      : view.sections[0].key;
  return (
    <Tabs value={active} onChange={(v) => v && setChosen(v)} keepMounted={false}>
      {/* The tabs wrap: on a phone every part of the package stays in sight, none scrolled away. */}
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {view.sections.map((s) => (
          <Tabs.Tab key={s.key} value={s.key} style={{ whiteSpace: 'nowrap' }}>
            {s.tab}
          </Tabs.Tab>
        ))}
        {extra && (
          <Tabs.Tab value={extra.key} style={{ whiteSpace: 'nowrap' }}>
            {extra.tab}
          </Tabs.Tab>
        )}
      </Tabs.List>
      {view.sections.map((s) => (
        <Tabs.Panel key={s.key} value={s.key} pt="md">
          <Stack gap="lg">
            {s.notice && (
              <Alert color="yellow" icon={<IconLock aria-hidden />} title="Voluntary and confidential">
                {s.notice}
              </Alert>
            )}
            {s.groups.length === 0 ? (
              <Text c="dimmed">{s.empty}</Text>
            ) : (
              <MarkedSection title={s.title}>
                {s.groups.map((g, i) => (
                  <GroupView key={g.title ?? i} group={g} />
                ))}
              </MarkedSection>
            )}
          </Stack>
        </Tabs.Panel>
      ))}
      {extra && (
        <Tabs.Panel value={extra.key} pt="md">
          {extra.panel}
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
