// Rows of the particle designs table (schema version 4 of database.ts): the designs a visitor
// saved in the particle editor. They belong to the device, not to an account (the editor is a
// free tool used signed out too), so a logout keeps them.
import type { ParticleDesign } from '../../core/particles/design';

export interface ParticleDesignRow {
  /** Random id given when first saved. */
  id: string;
  design: ParticleDesign;
  /** Milliseconds since the epoch of the last save; the list shows the newest first. */
  updatedAt: number;
}
