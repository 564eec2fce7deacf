// `templates`: the names --template, --options and --lyrics-style take, one "kind name" line each
// (a lyric style's line also says what it draws).

import { PARTICLE_PRESETS } from '../../../core/particles/presets';
import { listLyricStyles } from '../../../core/render/lyrics/lyrics-layer';
import { listTemplates } from '../../../core/render/renderer';
import { defineKind } from '../kind';

export const templatesKind = defineKind({
  name: 'templates',
  about:
    'Lists the templates, one "kind name" per line, then the lyric styles as ' +
    '"lyrics-style name: title. description".',
  options: {},
  async run(_options, progress) {
    for (const template of listTemplates()) {
      if (template.kind !== 'particles') progress.say(`${template.kind} ${template.name}`);
    }
    for (const preset of PARTICLE_PRESETS) progress.say(`particles ${preset.name}`);
    for (const style of listLyricStyles()) {
      progress.say(`lyrics-style ${style.name}: ${style.title}. ${style.description}`);
    }
  },
});
