import { Switch as RadixSwitch } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import styled from 'styled-components';

export type SwitchProps = {
  /** The visible label; clicking it toggles the switch. */
  label: ReactNode;
  /** A muted line under the label. */
  description?: ReactNode;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  name?: string;
  className?: string;
};

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
`;

const Texts = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const LabelText = styled.label`
  cursor: pointer;
`;

const Description = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Track = styled(RadixSwitch.Root)`
  position: relative;
  flex-shrink: 0;
  width: 40px;
  height: 22px;
  padding: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.flat};
  cursor: pointer;
  transition: background ${({ theme }) => theme.durations.fast};

  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.accentStrong};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  &[data-disabled] {
    opacity: 0.5;
    cursor: not-allowed;
  }
`;

// Positioned with `left`, which the RTL plugin mirrors, so the thumb moves toward the reading end.
const Thumb = styled(RadixSwitch.Thumb)`
  position: absolute;
  top: 2px;
  left: 2px;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.text};
  transition: left ${({ theme }) => theme.durations.fast}, right ${({ theme }) => theme.durations.fast};

  &[data-state='checked'] {
    left: 20px;
  }
`;

/** An on/off setting with its label, toggled by click, Space or Enter; saved by the caller on each change. */
export function Switch({ label, description, id, className, ...rest }: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const descriptionId = `${switchId}-description`;
  return (
    <Row className={className}>
      <Texts>
        <LabelText htmlFor={switchId}>{label}</LabelText>
        {description !== undefined && <Description id={descriptionId}>{description}</Description>}
      </Texts>
      <Track id={switchId} aria-describedby={description !== undefined ? descriptionId : undefined} {...rest}>
        <Thumb />
      </Track>
    </Row>
  );
}
