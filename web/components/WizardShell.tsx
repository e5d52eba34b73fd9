import { Box, Flex, Stack } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';
import { type PageBack, PageShell } from './PageShell';

/** The one content width of every wizard, from a phone up to where a two-column form still reads well. */
export const WIZARD_WIDTH = 'md';

/**
 * The frame of every wizard (onboarding, master LPQ, business plan, position LPQ, both registrations):
 * the page's back link, title and subtitle, then the step navigation (`nav`, a StepNav), the step's
 * content, the footer (a WizardFooter) and anything `below` it, all at WIZARD_WIDTH. With `onSubmit`
 * the navigation, content and footer are one form (the footer's submit button submits it).
 */
export function WizardShell(props: {
  title: string;
  subtitle?: ReactNode;
  back?: PageBack;
  nav?: ReactNode;
  footer?: ReactNode;
  below?: ReactNode;
  /** A line under the title: the form's autosave state. */
  status?: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /**
   * The step shown. When it changes while the focus is in the wizard (its Continue button, a step button),
   * the focus moves to the new step's heading: a screen reader hears the step, and a second Enter does not
   * press the button that now reads 'Create Account' in the same place.
   */
  stepKey?: string | number;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const shownStep = useRef(props.stepKey);
  useEffect(() => {
    if (shownStep.current === props.stepKey) return;
    shownStep.current = props.stepKey;
    const root = frame.current;
    if (!root?.contains(document.activeElement)) return;
    const heading = root.querySelector<HTMLElement>('h2');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [props.stepKey]);
  const body = (
    <Stack gap="lg" ref={frame}>
      {props.nav}
      {props.children}
      {props.footer}
    </Stack>
  );
  return (
    <PageShell
      title={props.title}
      subtitle={props.subtitle}
      back={props.back}
      status={props.status}
      size={WIZARD_WIDTH}
    >
      <Stack gap="lg">
        {props.onSubmit ? (
          <form noValidate onSubmit={props.onSubmit}>
            {body}
          </form>
        ) : (
          body
        )}
        {props.below}
      </Stack>
    </PageShell>
  );
}

/**
 * One footer button's cell: on a phone the two cells share the row (each its label's width plus an
 * equal part of what is left) and take a row each when both labels do not fit; from sm its own width.
 */
function Cell({ children }: { children: ReactNode }) {
  return (
    <Box display="grid" flex={{ base: '1 1 auto', sm: 'none' }}>
      {children}
    </Box>
  );
}

/**
 * A wizard's buttons. From sm: `back` at the left and `next` at the right, or, with a `secondary`
 * action (Save & Exit), that one at the left and back and next together at the right. On a phone back
 * and next fill the first row (next on the right, under the thumb) and the secondary action takes the
 * full row below, so no button leaves the screen or cuts its label.
 */
export function WizardFooter(props: { back?: ReactNode; next?: ReactNode; secondary?: ReactNode }) {
  return (
    <Flex
      direction={{ base: 'column-reverse', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      gap="sm"
    >
      {props.secondary && <Box display="grid">{props.secondary}</Box>}
      <Flex
        gap="sm"
        wrap="wrap"
        justify={props.back ? 'space-between' : 'flex-end'}
        flex={props.secondary ? undefined : { sm: 1 }}
      >
        {props.back && <Cell>{props.back}</Cell>}
        {props.next && <Cell>{props.next}</Cell>}
      </Flex>
    </Flex>
  );
}
