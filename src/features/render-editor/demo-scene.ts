// The scene a gallery card shows: the template's defaults with the demo artwork in every slot it
// uses and a demo title, at 16:9 (or the template's first shape).
import { defaultSettings } from '../../../core/render/renderer';
import type { TemplateInfo } from '../../../core/render/template';
import type { PreviewSceneInput } from '../../../workers/preview-api';

export const DEMO_TEXT = { title: 'Night Drive', artist: 'Waveframe Demo' } as const;

export function demoSceneInput(
  template: TemplateInfo,
  analysisKey: string | null,
): PreviewSceneInput {
  const aspect = template.aspects.includes('16:9') ? '16:9' : template.aspects[0];
  return {
    settings: { ...defaultSettings(template, aspect), ...DEMO_TEXT },
    analysisKey,
    images: Object.fromEntries(template.imageSlots.map((slot) => [slot, 'demo' as const])),
  };
}
