import { CameraIcon, CloseIcon, IconButton, LtrRun } from '@yoman/ui';
import { type DragEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { he } from '../i18n';
import { screenshotProblem } from './screenshot-file';

const Zone = styled.label<{ $over: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px dashed ${({ theme, $over }) => ($over ? theme.colors.accent : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.card};
  background: ${({ theme }) => theme.colors.surface1};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.accent};
    outline-offset: 2px;
  }

  input {
    position: absolute;
    width: 1px;
    height: 1px;
    opacity: 0;
  }
`;

const Chosen = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.input};
  background: ${({ theme }) => theme.colors.surface1};
`;

const ErrorText = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.caption};
  color: ${({ theme }) => theme.colors.loss};
`;

export type ScreenshotDropZoneProps = { file: File | null; onFile: (file: File | null) => void };

/** Drop or pick a PNG/JPG up to 5 MB; the file is checked by its content and uploaded when the trade is saved. */
export function ScreenshotDropZone({ file, onFile }: ScreenshotDropZoneProps) {
  const a = he.addTrade;
  const id = useId();
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const take = async (candidate: File | undefined) => {
    if (!candidate) return;
    const reason = await screenshotProblem(candidate);
    setProblem(reason);
    onFile(reason ? null : candidate);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  if (file) {
    return (
      <Chosen data-testid="screenshot-chosen">
        <span>
          <CameraIcon size={16} /> <LtrRun>{file.name}</LtrRun>
        </span>
        <IconButton aria-label={a.removeScreenshot} size="sm" onClick={() => onFile(null)}>
          <CloseIcon size={14} />
        </IconButton>
      </Chosen>
    );
  }
  return (
    <div>
      <Zone
        htmlFor={id}
        $over={over}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <CameraIcon />
        <span>
          {a.dropHint}
          <br />
          <small>{a.dropLimits}</small>
        </span>
        <input
          id={id}
          type="file"
          accept="image/png,image/jpeg"
          aria-label={a.screenshot}
          onChange={(e) => {
            void take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Zone>
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
    </div>
  );
}
