// The sections every editor shares: the template's pictures, colours and text.
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useLibraryImages } from '../library';
import { ColorFieldPicker } from './ColorFieldPicker';
import { Section } from './EditorSection';
import { TEXT_LABELS, TEXT_MAX_LENGTH } from './field-labels';
import { ImageSlotPicker } from './ImageSlotPicker';
import { useRecentColors } from './use-recent-colors';
import type { TemplateLook } from './use-template-look';

/** The template's pictures, colours and text; the swatches are the user's recent colours. */
export function LookSections({ look, signedIn }: { look: TemplateLook; signedIn: boolean }) {
  const { template, settings, setSettings, chosenImages, setChosenImages } = look;
  const images = useLibraryImages().value ?? [];
  const recentColors = useRecentColors(signedIn);
  const swatches = useMemo(
    () =>
      recentColors.length > 0
        ? [...recentColors]
        : [...new Set(Object.values(template.defaultColors))],
    [recentColors, template.defaultColors],
  );
  return (
    <>
      {template.imageSlots.length > 0 && (
        <Section title="Images">
          <Stack gap="sm">
            {template.imageSlots.map((slot) => (
              <ImageSlotPicker
                key={slot}
                slot={slot}
                images={images}
                chosen={chosenImages[slot] ?? null}
                signedIn={signedIn}
                onChange={(image) =>
                  setChosenImages((current) => {
                    const next = { ...current };
                    if (image) next[slot] = image;
                    else delete next[slot];
                    return next;
                  })
                }
              />
            ))}
          </Stack>
        </Section>
      )}
      {template.colorFields.length > 0 && (
        <Section title="Colours">
          <SimpleGrid cols={2} spacing="sm">
            {template.colorFields.map((field) => (
              <ColorFieldPicker
                key={field}
                field={field}
                value={settings.colors[field]}
                swatches={swatches}
                onChange={(value) =>
                  setSettings((s) => ({ ...s, colors: { ...s.colors, [field]: value } }))
                }
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {recentColors.length > 0
              ? 'Swatches: your recently used colours.'
              : "Swatches: this template's colours."}
          </Text>
        </Section>
      )}
      {template.textFields.length > 0 && (
        <Section title="Text">
          <Stack gap="sm">
            {template.textFields.map((field) => (
              <TextInput
                key={field}
                label={TEXT_LABELS[field].label}
                placeholder={TEXT_LABELS[field].placeholder}
                maxLength={TEXT_MAX_LENGTH}
                value={settings[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setSettings((s) => ({ ...s, [field]: value }));
                }}
              />
            ))}
          </Stack>
        </Section>
      )}
    </>
  );
}
