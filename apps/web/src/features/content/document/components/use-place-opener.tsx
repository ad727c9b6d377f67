import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FileViewer } from '../../explorer/components/FileViewer';
import { documentDetailPath, topicDetailPath } from '../../shared/paths';
import type { Place } from './LinksTable';

/**
 * Opens a place of the library: a topic or document on its page, any other file in the
 * explorer's viewer at the indexed branch. Render `viewer` once in the screen.
 */
export function usePlaceOpener(libraryId: number, branch: string) {
  const navigate = useNavigate();
  const [file, setFile] = useState<string | null>(null);
  const open = (place: Place) => {
    if (place.type === 'topic') navigate(topicDetailPath(place.id));
    else if (place.type === 'document') navigate(documentDetailPath(place.id));
    else setFile(place.path);
  };
  const viewer = <FileViewer at={{ libraryId, ref: branch }} path={file} onClose={() => setFile(null)} />;
  return { open, viewer };
}
