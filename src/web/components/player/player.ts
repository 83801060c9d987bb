import { toast } from '#web/components/shell/toast';
import { createPlayer } from './player-store';

/**
 * The page's one player, loaded apart from the first page (player-state.ts loadPlayer, which also has it publish its state there); its media
 * element is made on the first preview a shopper starts.
 */
export const player = createPlayer(
  () => {
    // In the document (an <audio> without controls shows nothing), where the page's media can
    // be found: the journeys count the elements playing.
    const audio = new Audio();
    audio.dataset.player = '';
    document.body.append(audio);
    return audio;
  },
  {
    onError: () => toast.error('This preview could not be played.'),
  },
);
