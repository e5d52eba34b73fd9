import type { LpqFormData } from '@shared/position-lpq';
import type { ReactNode } from 'react';

/** A text input's props for one answer: its name, value, error, prefill mark and change handler. */
export type LpqTextProps = {
  name: string;
  value: string;
  onChange: (e: { currentTarget: { value: string } }) => void;
  error: string | undefined;
  disabled: boolean;
  description: ReactNode;
};

/** What each step of the position LPQ (pages/PositionLpqPage) reads and writes. */
export type LpqStepProps = {
  formData: LpqFormData;
  readOnly: boolean;
  text: (key: keyof LpqFormData, description?: ReactNode) => LpqTextProps;
  mark: (key: keyof LpqFormData) => ReactNode;
  err: (key: keyof LpqFormData) => string | undefined;
  set: <K extends keyof LpqFormData>(key: K, value: LpqFormData[K]) => void;
};
