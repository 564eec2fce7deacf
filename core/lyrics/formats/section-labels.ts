// Section labels as lyrics sheets write them, a line of its own in brackets ("[Verse 1]",
// "[Chorus]"): read into a line's sectionLabel, and written back the same way.
import { collapseSpaces } from './timed-words';

/** Labels written one after another ("[Chorus]", "[x2]") name one section together. */
export function joinLabels(labels: readonly string[]): string | undefined {
  const named = labels.map((label) => collapseSpaces(label)).filter(Boolean);
  return named.length > 0 ? named.join(' · ') : undefined;
}

/**
 * A label as its own line, `[Chorus]`, brackets inside it turned into parentheses. In LRC colons
 * become dashes too (`[ar:Artist]` is a tag there, not a label). Either reads back as the label.
 */
export function labelLine(label: string, format: 'text' | 'lrc' = 'text'): string {
  let text = label.replace(/\[/g, '(').replace(/\]/g, ')');
  if (format === 'lrc') text = text.replace(/:/g, ' -');
  return `[${collapseSpaces(text)}]`;
}
