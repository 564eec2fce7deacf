import { Card, Group, Loader, NumberInput, Table, Text } from '@mantine/core';
import { IconMetronome } from '@tabler/icons-react';
import type { Remote } from 'comlink';
import { useState } from 'react';
import { roundForDisplay, type NoteDuration } from '../../../core/tempo';
import type { ToolsApi } from '../../../workers/tools-api';
import { CopyValueButton } from './CopyValueButton';
import { parsePositive } from './parse-positive';
import { ToolScreenLayout } from './ToolScreenLayout';
import { useToolsComputation } from './use-worker-computation';
import classes from './tools.module.css';

const NOTE_NAMES: Record<NoteDuration['note'], string> = {
  whole: 'Whole note (1/1)',
  half: 'Half note (1/2)',
  quarter: 'Quarter note (1/4)',
  eighth: 'Eighth note (1/8)',
  sixteenth: 'Sixteenth note (1/16)',
  'thirty-second': 'Thirty-second note (1/32)',
};

const computeDurations = (api: Remote<ToolsApi>, bpm: number) => api.noteDurations(bpm);

/** /tools/time-tempo-bpm-to-milliseconds-ms: note lengths for a tempo, computed in a worker. */
export function TempoToolScreen({ title, description }: { title: string; description: string }) {
  const [bpmField, setBpmField] = useState<string | number>(120);
  const bpm = parsePositive(bpmField);
  const result = useToolsComputation(bpm, computeDurations);

  return (
    <ToolScreenLayout title={title} description={description}>
      <Card withBorder radius="lg" padding="xl" shadow="xs">
        <Group align="flex-end" gap="lg" mb="lg">
          <NumberInput
            label="Tempo (BPM)"
            description="Beats per minute of your track"
            value={bpmField}
            onChange={setBpmField}
            min={1}
            max={999}
            decimalScale={3}
            size="md"
            w={220}
            leftSection={<IconMetronome size={18} aria-hidden />}
            error={bpm === null ? 'Enter a tempo above 0' : undefined}
          />
          {(result.state === 'pending' || (result.state === 'done' && !result.current)) && (
            <Loader size="sm" aria-label="Calculating" />
          )}
        </Group>
        <Table.ScrollContainer minWidth={480}>
          <Table
            className={classes.resultTable}
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label="Note lengths in milliseconds"
            data-testid="tempo-results"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Note value</Table.Th>
                <Table.Th>Plain (ms)</Table.Th>
                <Table.Th>Dotted (ms)</Table.Th>
                <Table.Th>Triplet (ms)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.state === 'done' &&
                result.value.map((row) => (
                  <Table.Tr key={row.note} data-note={row.note}>
                    <Table.Td>{NOTE_NAMES[row.note]}</Table.Td>
                    <Table.Td data-kind="straight">
                      <CopyValueButton value={roundForDisplay(row.straight)} unit="ms" />
                    </Table.Td>
                    <Table.Td data-kind="dotted">
                      <CopyValueButton value={roundForDisplay(row.dotted)} unit="ms" />
                    </Table.Td>
                    <Table.Td data-kind="triplet">
                      <CopyValueButton value={roundForDisplay(row.triplet)} unit="ms" />
                    </Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" c="dimmed" mt="md">
          Click a value to copy it. Dotted notes last one and a half times as long; three triplets
          fit in the time of two plain notes.
        </Text>
      </Card>
    </ToolScreenLayout>
  );
}
