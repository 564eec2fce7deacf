// `templates`: the names --template and --options take, one "kind name" line each.

import { PARTICLE_PRESETS } from '../../../core/particles/presets';
import { listTemplates } from '../../../core/render/renderer';
import { defineKind } from '../kind';

export const templatesKind = defineKind({
  name: 'templates',
  about: 'Lists the templates, one "kind name" per line.',
  options: {},
  async run(_options, progress) {
    for (const template of listTemplates()) {
      if (template.kind !== 'particles') progress.say(`${template.kind} ${template.name}`);
    }
    for (const preset of PARTICLE_PRESETS) progress.say(`particles ${preset.name}`);
  },
});
