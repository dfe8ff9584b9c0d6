import type { ComponentPropsWithoutRef } from 'react';
import styled from 'styled-components';

// @noflip: the RTL plugin would otherwise turn `direction: ltr` into `direction: rtl` and reverse "+1.25R".
const Isolated = styled.bdi`
  unicode-bidi: isolate;
  /* @noflip */ direction: ltr;
  white-space: nowrap;
`;

const Tabular = styled(Isolated)`
  font-variant-numeric: tabular-nums;
`;

export type LtrRunProps = Omit<ComponentPropsWithoutRef<'bdi'>, 'dir'>;

/** A left-to-right island inside Hebrew text, for symbols (EURUSD, ES), times and codes. */
export function LtrRun(props: LtrRunProps) {
  return <Isolated dir="ltr" {...props} />;
}

/** A number, price or R value: isolated left-to-right with tabular digits, so "+1.25R" keeps its order. */
export function Num(props: LtrRunProps) {
  return <Tabular dir="ltr" {...props} />;
}
