import { useState } from 'react';
import type { LibraryAudio } from '../../api/media';
import { useLibraryServices } from './library-services';
import { ArtworkPickerDialog } from './ArtworkPickerDialog';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { trackTitle } from '../../lib/format';
import { removeTrack, saveTrackInfo, setTrackArtwork } from './library-actions';
import { TrackInfoDialog } from './TrackInfoDialog';

/** The edit, artwork and delete dialogs of a track, and the functions that open them. */
export function useTrackDialogs(options: { onDeleted?: (audio: LibraryAudio) => void } = {}) {
  const { cache } = useLibraryServices();
  const [editing, setEditing] = useState<LibraryAudio | null>(null);
  const [picking, setPicking] = useState<LibraryAudio | null>(null);
  const [deleting, setDeleting] = useState<LibraryAudio | null>(null);
  const { onDeleted } = options;

  const dialogs = (
    <>
      <TrackInfoDialog
        audio={editing}
        onClose={() => setEditing(null)}
        onSave={(audio, fields) => saveTrackInfo(cache, audio, fields)}
      />
      <ArtworkPickerDialog
        audio={picking}
        onClose={() => setPicking(null)}
        onSave={(audio, imageUuid) => setTrackArtwork(cache, audio, imageUuid)}
      />
      <ConfirmDeleteDialog
        opened={deleting !== null}
        title="Delete this track?"
        confirmLabel="Delete track"
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return true;
          const done = await removeTrack(cache, deleting);
          if (done) onDeleted?.(deleting);
          return done;
        }}
      >
        “{deleting ? trackTitle(deleting) : ''}” and its analysis are removed from your library for
        good. Videos already made from it keep their sound.
      </ConfirmDeleteDialog>
    </>
  );

  return { edit: setEditing, chooseArtwork: setPicking, remove: setDeleting, dialogs };
}
