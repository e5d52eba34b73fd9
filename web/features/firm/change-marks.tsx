import { Text } from '@mantine/core';
import type { PackageChange } from '@shared/sharing';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/**
 * Issue 67: the answers that changed since the version the member last opened, marked where they are shown
 * with their earlier value. Keyed as 'What changed' names them: the section, where in it (the group, or the
 * label of a row in no group) and the label.
 */
type Marks = { bySection: Map<string, PackageChange[]> };
const MarksContext = createContext<Marks | null>(null);
const SectionContext = createContext<string | null>(null);

export function ChangeMarksProvider({
  changes,
  children,
}: {
  changes: PackageChange[] | undefined;
  children: ReactNode;
}) {
  const marks = useMemo(() => {
    const bySection = new Map<string, PackageChange[]>();
    for (const c of changes ?? []) bySection.set(c.section, [...(bySection.get(c.section) ?? []), c]);
    return { bySection };
  }, [changes]);
  return <MarksContext.Provider value={changes?.length ? marks : null}>{children}</MarksContext.Provider>;
}

/** The section (its title, as 'What changed' names it) whose groups are rendered inside. */
export const MarkedSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <SectionContext.Provider value={title}>{children}</SectionContext.Provider>
);

/** The changes of one group of the section being rendered: its rows' and its table's. */
export function useGroupChanges(groupTitle: string | undefined): PackageChange[] {
  const marks = useContext(MarksContext);
  const section = useContext(SectionContext);
  if (!marks || !section) return [];
  const inSection = marks.bySection.get(section) ?? [];
  return groupTitle === undefined ? inSection : inSection.filter((c) => c.field === groupTitle);
}

/** 'Changed · was 1,650', 'Added', 'Removed: …'. */
export function EarlierValue({ change }: { change: PackageChange }) {
  return (
    <Text
      size="xs"
      c="gray.8"
      fw={600}
      mt={2}
      pl={6}
      style={{
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        borderLeft: '3px solid var(--mantine-color-orange-6)',
      }}
    >
      {change.before === null
        ? 'Added since the version you last opened'
        : change.after === null
          ? `Removed since the version you last opened (was ${change.before})`
          : `Changed · was ${change.before}`}
    </Text>
  );
}
