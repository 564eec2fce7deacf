import type { RenderKind } from '../../../core/render/scene';
import type { MailMessage } from '../../repositories/mailer';
import { notificationMail } from '../mail-layout';

const NOUN: Record<RenderKind, string> = {
  visualizer: 'music visualizer',
  'single-frame': 'single-frame music video',
  canvas: 'Spotify Canvas',
  particles: 'particle-system video',
};

/** The short mail sent when a render the user started has finished, either way. */
export function renderFinishedMail(input: {
  to: string;
  kind: RenderKind;
  ok: boolean;
  name: string;
  url: string;
  error?: string | null;
  refunded?: boolean;
}): MailMessage {
  const noun = NOUN[input.kind];
  const subject = input.ok
    ? `Your ${noun} is ready: ${input.name}`
    : `Your ${noun} could not be rendered: ${input.name}`;
  const paragraphs = input.ok
    ? [`Your ${noun} "${input.name}" has finished rendering. Watch it, download it or share it.`]
    : [
        `We could not finish rendering your ${noun} "${input.name}".`,
        ...(input.error ? [`Why: ${input.error}`] : []),
        input.refunded
          ? 'The visualizer credit it used has been given back to you.'
          : 'You can try again from the creator.',
      ];
  const label = input.ok ? 'Watch your video' : 'See what happened';
  return notificationMail({
    to: input.to,
    subject,
    paragraphs,
    label,
    url: input.url,
    footer: 'You get this e-mail because render e-mails are on in your e-mail preferences.',
  });
}
