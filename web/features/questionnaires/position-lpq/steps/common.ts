import type { PositionLpqFormData } from '@shared/position-lpq';
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
export type PositionLpqStepProps = {
  formData: PositionLpqFormData;
  readOnly: boolean;
  text: (key: keyof PositionLpqFormData, description?: ReactNode) => LpqTextProps;
  mark: (key: keyof PositionLpqFormData) => ReactNode;
  err: (key: keyof PositionLpqFormData) => string | undefined;
  set: <K extends keyof PositionLpqFormData>(key: K, value: PositionLpqFormData[K]) => void;
};
