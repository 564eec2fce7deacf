// A template's look as a creator screen edits it: its settings (colours, text, size, frame rate)
// and the pictures chosen for its slots, with what the preview and the render take of them.
import { useMemo, useState } from 'react';
import { defaultSettings } from '../../../core/render/renderer';
import type { SceneSettings } from '../../../core/render/scene';
import type { TemplateInfo } from '../../../core/render/template';
import { chosenImageIds, previewImages, type ChosenImages } from './chosen-images';
import { renderConfiguration } from './render-configuration';

export function useTemplateLook(template: TemplateInfo) {
  const [settings, setSettings] = useState<SceneSettings>(() => defaultSettings(template));
  const [chosenImages, setChosenImages] = useState<ChosenImages>({});
  const images = useMemo(
    () => previewImages(template.imageSlots, chosenImages),
    [template.imageSlots, chosenImages],
  );
  return {
    template,
    settings,
    setSettings,
    chosenImages,
    setChosenImages,
    /** The chosen pictures as the preview draws them. */
    previewImages: images,
    /** The render's configuration; `drawn` is the settings as drawn (a Canvas adds its loop). */
    configuration: (drawn: SceneSettings = settings) =>
      renderConfiguration(template, drawn, chosenImageIds(chosenImages)),
  };
}

export type TemplateLook = ReturnType<typeof useTemplateLook>;
