// The paste box: plain text in, untimed lines out (timings of unchanged lines are kept).
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { linesFromText, pastedTextProblem } from './pasted-text';
import { EDITOR_WORDS } from './lyrics-words';

export function PastePanel({
  initialText,
  onUse,
  onCancel,
}: {
  initialText: string;
  onUse: (text: string) => void;
  onCancel?: () => void;
}) {
  const [text, setText] = useState(initialText);
  const lines = linesFromText(text);
  const problem = pastedTextProblem(text, lines);
  const sections = lines.length ? lines.at(-1)!.section + 1 : 0;
  return (
    <Stack gap="sm">
      <Textarea
        label={EDITOR_WORDS.pasteLabel}
        description={EDITOR_WORDS.pasteHint}
        placeholder={EDITOR_WORDS.pastePlaceholder}
        autosize
        minRows={8}
        maxRows={20}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        error={problem}
        data-testid="lyrics-paste"
      />
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {lines.length} {lines.length === 1 ? 'line' : 'lines'} · {sections}{' '}
          {sections === 1 ? 'section' : 'sections'}
        </Text>
        <Group gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button
            data-testid="lyrics-use-text"
            disabled={lines.length === 0 || problem !== null}
            onClick={() => onUse(text)}
          >
            Use these lines
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
