import { Card, NumberInput, SimpleGrid, Text, Title } from '@mantine/core';
import { IconClockHour4, IconWaveSquare } from '@tabler/icons-react';
import type { Remote } from 'comlink';
import { useState } from 'react';
import { roundForDisplay } from '../../../core/tempo';
import type { ToolsApi } from '../../../workers/tools-api';
import { parsePositive } from './parse-positive';
import { ResultTable, type ResultRow } from './ResultTable';
import { ToolScreenLayout } from './ToolScreenLayout';
import { useToolsComputation } from './use-worker-computation';

const computePeriod = (api: Remote<ToolsApi>, hertz: number) => api.periodBreakdown(hertz);
const computeFrequency = (api: Remote<ToolsApi>, ms: number) => api.durationBreakdown(ms);

/** /tools/hertz-hz-to-milliseconds-ms: periods of a frequency and back, computed in a worker. */
export function HertzToolScreen({ title, description }: { title: string; description: string }) {
  const [hertzField, setHertzField] = useState<string | number>(440);
  const [msField, setMsField] = useState<string | number>(500);
  const hertz = parsePositive(hertzField);
  const ms = parsePositive(msField);
  const period = useToolsComputation(hertz, computePeriod);
  const frequency = useToolsComputation(ms, computeFrequency);

  const periodRows: ResultRow[] =
    period.state === 'done'
      ? [
          {
            id: 'period',
            label: 'Period (one cycle)',
            value: roundForDisplay(period.value.periodMs),
            unit: 'ms',
          },
          {
            id: 'half',
            label: 'Half cycle',
            value: roundForDisplay(period.value.halfPeriodMs),
            unit: 'ms',
          },
          {
            id: 'quarter',
            label: 'Quarter cycle',
            value: roundForDisplay(period.value.quarterPeriodMs),
            unit: 'ms',
          },
          {
            id: 'bpm',
            label: 'Tempo with this beat',
            value: roundForDisplay(period.value.equivalentBpm),
            unit: 'BPM',
          },
        ]
      : [];

  const frequencyRows: ResultRow[] =
    frequency.state === 'done'
      ? [
          {
            id: 'hertz',
            label: 'Frequency',
            value: roundForDisplay(frequency.value.hertz),
            unit: 'Hz',
          },
          {
            id: 'bpm',
            label: 'Tempo with this beat',
            value: roundForDisplay(frequency.value.equivalentBpm),
            unit: 'BPM',
          },
        ]
      : [];

  return (
    <ToolScreenLayout title={title} description={description}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="xl" shadow="xs">
          <Title order={2} fz="lg" mb="md">
            Hertz to milliseconds
          </Title>
          <NumberInput
            label="Frequency (Hz)"
            value={hertzField}
            onChange={setHertzField}
            min={0.001}
            decimalScale={3}
            size="md"
            leftSection={<IconWaveSquare size={18} aria-hidden />}
            error={hertz === null ? 'Enter a frequency above 0' : undefined}
            mb="md"
          />
          <ResultTable rows={periodRows} label="Period of the frequency" testId="hertz-results" />
        </Card>

        <Card withBorder radius="lg" padding="xl" shadow="xs">
          <Title order={2} fz="lg" mb="md">
            Milliseconds to hertz
          </Title>
          <NumberInput
            label="Duration (ms)"
            value={msField}
            onChange={setMsField}
            min={0.001}
            decimalScale={3}
            size="md"
            leftSection={<IconClockHour4 size={18} aria-hidden />}
            error={ms === null ? 'Enter a duration above 0' : undefined}
            mb="md"
          />
          <ResultTable
            rows={frequencyRows}
            label="Frequency of the duration"
            testId="ms-to-hertz-results"
          />
        </Card>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="lg">
        A period is 1000 divided by the frequency: 440 Hz repeats every 2.273 ms. Click a value to
        copy it.
      </Text>
    </ToolScreenLayout>
  );
}
