import type { RenderKind } from '../../../core/render/scene';
import type { MailMessage } from '../../repositories/mailer';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

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
  const footer = 'You get this e-mail because render e-mails are on in your e-mail preferences.';
  const text = [...paragraphs, `${label}: ${input.url}`, '', '— Waveframe', footer].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f4f4f7;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">Waveframe</h1>
${paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { to: input.to, subject, text, html };
}
