import toast from 'react-hot-toast';
import { createPlayer } from './player-store';

/** The page's one player; its media element is made on the first preview a shopper starts. */
export const player = createPlayer(() => new Audio(), {
  onError: () => toast.error('This preview could not be played.'),
});
