// The language the lyrics are sung in: saved with them, the caption track's language when the
// video is published with its lyrics, and the direction the editor's lines are written in.
import { Select } from '@mantine/core';
import { LYRICS_LANGUAGES } from '../../../core/lyrics/languages';

const NOT_SET = '';

export function LyricsLanguage({
  language,
  onChange,
}: {
  language: string | null;
  onChange: (language: string | null) => void;
}) {
  const known = language === null || LYRICS_LANGUAGES.some((l) => l.code === language);
  const data = [
    { value: NOT_SET, label: 'Not set' },
    ...(known ? [] : [{ value: language, label: language }]),
    ...LYRICS_LANGUAGES.map((l) => ({ value: l.code, label: l.label })),
  ];
  return (
    <Select
      label="Language"
      size="xs"
      data={data}
      value={language ?? NOT_SET}
      onChange={(value) => onChange(value ? value : null)}
      allowDeselect={false}
      searchable
      w={200}
      data-testid="lyrics-language"
    />
  );
}
