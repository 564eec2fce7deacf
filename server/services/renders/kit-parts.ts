// What the one render job does differently for a release kit's part: the full video's thumbnail
// is the kit's titled one, and the kit sends one mail when its last part ends instead of one per
// part. The kit itself (plan, price, view) is in release-kits.service.ts.

import type { AppContext } from '../../context';
import type { MailMessage } from '../../repositories/mailer';
import { claimKitMail, findKitById, kitRenders } from '../../repositories/release-kits.repository';
import { UNFINISHED, type RenderRow } from '../../repositories/renders.repository';
import { findUserById } from '../../repositories/users.repository';
import { notificationMail } from '../mail-layout';

type KitContext = Pick<AppContext, 'db' | 'queue' | 'config' | 'log'>;

/** The web page of a kit. */
export const KIT_PAGE = '/media/release-kits';

/**
 * The moment of the track a kit's full video shows on its titled thumbnail (the hook's start),
 * or null for any other render (which gets the engine's usual thumbnail after its video).
 */
export async function kitThumbnailMoment(
  context: Pick<AppContext, 'db'>,
  render: RenderRow,
): Promise<number | null> {
  if (!render.kitId || render.kitOutput !== 'full') return null;
  const kit = await findKitById(context.db, render.kitId);
  return kit ? kit.hookStartSeconds : null;
}

/**
 * Sends the kit's one mail once none of its parts is still to finish (when the user's render
 * mails are on); only the first call that finds it done sends it.
 */
export async function mailKitWhenDone(context: KitContext, kitId: string): Promise<void> {
  const parts = await kitRenders(context.db, [kitId]);
  if (parts.some((part) => UNFINISHED.includes(part.status) || part.status === 'DRAFT')) return;
  const kit = await findKitById(context.db, kitId);
  if (!kit) return;
  const user = await findUserById(context.db, kit.userUuid);
  if (!user?.emailPrefs.renderFinished) return;
  if (!(await claimKitMail(context.db, kitId))) return;
  const failed = parts.filter((part) => part.status === 'FAILED');
  await context.queue.send(
    'send-mail',
    kitFinishedMail({
      to: user.email,
      title: kit.title,
      url: `${context.config.appUrl}${KIT_PAGE}/${kit.id}`,
      done: parts.length - failed.length,
      failed: failed.map((part) => ({ output: part.kitOutput ?? '', error: part.error })),
    }),
  );
}

export function kitFinishedMail(input: {
  to: string;
  title: string;
  url: string;
  done: number;
  failed: { output: string; error: string | null }[];
}): MailMessage {
  const ok = input.failed.length === 0;
  const subject = ok
    ? `Your release kit is ready: ${input.title}`
    : `Your release kit is done, but ${input.failed.length === 1 ? 'one part' : `${input.failed.length} parts`} failed: ${input.title}`;
  const paragraphs = ok
    ? [
        `Every video of your release kit "${input.title}" has finished rendering. Download the kit as one ZIP, or publish the full video and the Short.`,
      ]
    : [
        `${input.done} of the videos of your release kit "${input.title}" finished; these could not be made:`,
        ...input.failed.map(({ output, error }) => `${output}: ${error ?? 'it failed'}`),
        'The credits of the parts that failed were given back to you.',
      ];
  return notificationMail({
    to: input.to,
    subject,
    paragraphs,
    label: ok ? 'Open your kit' : 'See what happened',
    url: input.url,
    footer: 'You get this e-mail because render e-mails are on in your e-mail preferences.',
  });
}
