// The moving previews of a post's Canvas templates, drawn by the core renderer in the preview
// worker (the same as the Canvas gallery). A stage draws only the previews on screen, and holds
// still on one frame for visitors who ask for reduced motion.
import { useReducedMotion } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import type { TemplateInfo } from '../../../core/render/template';
import { demoSceneInput, PreviewStage, StageCanvas, usePreviewWorker } from '../render-editor';

const clock = () => performance.now() / 1000;

/** Holds the previews of one page: they animate together, when visible and motion is welcome. */
export function ReleasePreviewStage({ children }: { children: ReactNode }) {
  const api = usePreviewWorker();
  const reducedMotion = useReducedMotion();
  return (
    <PreviewStage api={api} getTime={clock} running={!reducedMotion} fps={30}>
      {children}
    </PreviewStage>
  );
}

/** One template looping with the demo artwork and title, at the Canvas's 9:16. */
export function TemplatePreview({
  template,
  maxBacking,
}: {
  template: TemplateInfo;
  maxBacking: number;
}) {
  const input = useMemo(() => demoSceneInput(template, null), [template]);
  return (
    <StageCanvas
      input={input}
      label={`${template.title} preview, looping`}
      maxBacking={maxBacking}
      testId="release-preview"
    />
  );
}
