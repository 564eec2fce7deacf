import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { rgbToHex, type Rgb } from '../../../core/color/color-convert';
import {
  contrastAgainstWhiteAndBlack,
  formatRatio,
  type ContrastAssessment,
  type WcagLevel,
} from '../../../core/color/contrast';

const LEVEL_COLOR: Record<WcagLevel, string> = { AAA: 'teal', AA: 'green', fails: 'red' };

function LevelBadge({ text, level }: { text: string; level: WcagLevel }) {
  return (
    <Badge variant="light" color={LEVEL_COLOR[level]} radius="sm" tt="none">
      {text}: {level === 'fails' ? 'fails' : level}
    </Badge>
  );
}

function Background({
  name,
  background,
  hex,
  assessment,
}: {
  name: 'white' | 'black';
  background: string;
  hex: string;
  assessment: ContrastAssessment;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={`contrast-${name}`}>
      <div style={{ background, color: hex, borderRadius: 8, padding: '12px 16px' }} aria-hidden>
        <Text fz={28} fw={700} lh={1.1} c="inherit">
          Aa
        </Text>
        <Text size="sm" c="inherit">
          Sample text on {name}
        </Text>
      </div>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text fw={600}>
          On {name}:{' '}
          <Text span fw={800} ff="monospace" data-testid={`contrast-${name}-ratio`}>
            {formatRatio(assessment.ratio)}
          </Text>
        </Text>
        <Badge
          color={assessment.verdict === 'fails' ? 'red' : 'teal'}
          radius="sm"
          tt="none"
          data-testid={`contrast-${name}-verdict`}
        >
          {assessment.verdict === 'fails' ? 'Fails' : assessment.verdict}
        </Badge>
      </Group>
      <Group gap="xs" mt="xs">
        <LevelBadge text="Normal text" level={assessment.normalText} />
        <LevelBadge text="Large text" level={assessment.largeText} />
      </Group>
    </Paper>
  );
}

/** The WCAG 2.x contrast of a colour as text on white and on black. */
export function ContrastPanel({ rgb }: { rgb: Rgb }) {
  const { white, black } = contrastAgainstWhiteAndBlack(rgb);
  const hex = rgbToHex(rgb);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <Background name="white" background="#ffffff" hex={hex} assessment={white} />
      <Background name="black" background="#000000" hex={hex} assessment={black} />
    </SimpleGrid>
  );
}
