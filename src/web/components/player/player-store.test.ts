import { describe, expect, it } from 'vitest';
import type { PreviewTrack } from './player-types';
import { createPlayer, type MediaElement } from './player-store';
import { formatTime, playedFraction, positionText } from './player-time';

/**
 * A media element as the browser runs one: play() starts after its metadata is in (a duration
 * per src), and it tells what happens through the same events.
 */
class FakeMedia extends EventTarget implements MediaElement {
  preload = 'auto';
  volume = 1;
  paused = true;
  duration = Number.NaN;
  private time = 0;
  private current = '';
  /** Every src it was given, in order. */
  loads: string[] = [];

  constructor(private readonly durations: Record<string, number>) {
    super();
  }

  get src() {
    return this.current;
  }
  set src(value: string) {
    this.current = value;
    this.loads.push(value);
    this.time = 0;
    this.duration = Number.NaN;
  }
  get currentTime() {
    return this.time;
  }
  set currentTime(value: number) {
    this.time = value;
    this.fire('timeupdate');
  }

  /** The browser has read the current src's metadata. */
  metadata() {
    this.duration = this.durations[this.current] ?? 0;
    this.fire('loadedmetadata');
  }
  play() {
    this.paused = false;
    this.fire('play');
    return Promise.resolve();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  load() {}
  removeAttribute(name: string) {
    if (name === 'src') this.current = '';
  }
  private fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

const kick: PreviewTrack = { src: '/media/previews/kick.mp3', label: 'Kick Pack', href: '/p/1' };
const keys: PreviewTrack = { src: '/media/previews/keys.mp3', label: 'Keys', href: '/p/2' };

function setup() {
  const media = new FakeMedia({ [kick.src]: 12, [keys.src]: 30 });
  const player = createPlayer(() => media);
  return { media, player };
}

describe('the store’s one player', () => {
  it('makes its media element only when a preview starts, loading metadata only', () => {
    let made = 0;
    const media = new FakeMedia({});
    const player = createPlayer(() => {
      made++;
      return media;
    });
    expect(made).toBe(0);
    player.toggle(kick);
    expect(made).toBe(1);
    expect(media.preload).toBe('metadata');
    player.toggle(keys);
    expect(made).toBe(1);
    expect(player.snapshot()).toMatchObject({ track: keys, playing: true });
  });

  it('starting a preview stops the one playing', () => {
    const { media, player } = setup();
    const events: string[] = [];
    media.addEventListener('pause', () => events.push(`pause ${media.src}`));
    player.toggle(kick);
    player.toggle(keys);
    expect(events).toEqual([`pause ${kick.src}`]);
    expect(media.loads).toEqual([kick.src, keys.src]);
    expect(player.snapshot()).toMatchObject({ track: keys, playing: true, position: 0 });
  });

  it('toggling the playing preview pauses it, and again resumes where it was', () => {
    const { media, player } = setup();
    player.toggle(kick);
    media.metadata();
    media.currentTime = 4;
    player.toggle(kick);
    expect(player.snapshot()).toMatchObject({ playing: false, position: 4, duration: 12 });
    player.toggle(kick);
    expect(player.snapshot()).toMatchObject({ playing: true, position: 4 });
    expect(media.loads).toEqual([kick.src]);
  });

  it('a seek on another preview starts it there once its duration is known', () => {
    const { media, player } = setup();
    player.toggle(kick);
    media.metadata();
    player.seekFraction(keys, 0.5);
    expect(player.snapshot()).toMatchObject({ track: keys, playing: true });
    media.metadata();
    expect(media.currentTime).toBe(15);
    expect(player.snapshot()).toMatchObject({ position: 15, duration: 30 });
  });

  it('a seek on the current preview moves it at once, within its length', () => {
    const { media, player } = setup();
    player.toggle(kick);
    media.metadata();
    player.seekFraction(kick, 0.25);
    expect(media.currentTime).toBe(3);
    player.seekBy(kick, 5);
    expect(media.currentTime).toBe(8);
    player.seekBy(kick, 5);
    expect(media.currentTime).toBe(12);
    player.seekBy(kick, -20);
    expect(media.currentTime).toBe(0);
    player.seekFraction(kick, 7);
    expect(media.currentTime).toBe(12);
  });

  it('an arrow on a preview not yet started starts it a step in', () => {
    const { media, player } = setup();
    player.seekBy(kick, 5);
    expect(player.snapshot()).toMatchObject({ track: kick, playing: true });
    media.metadata();
    expect(media.currentTime).toBe(5);
  });

  it('keeps the volume between 0 and 1 and gives it to the element', () => {
    const { media, player } = setup();
    player.toggle(kick);
    player.setVolume(0.4);
    expect(media.volume).toBe(0.4);
    player.setVolume(3);
    expect(player.snapshot().volume).toBe(1);
    player.setVolume(-1);
    expect(media.volume).toBe(0);
  });

  it('mute silences it and unmute gives back the volume it had', () => {
    const { media, player } = setup();
    player.toggle(kick);
    player.setVolume(0.4);
    player.toggleMute();
    expect(media.volume).toBe(0);
    player.toggleMute();
    expect(media.volume).toBe(0.4);
    // Turned down to nothing on the slider: unmute goes back to the last volume it had.
    player.setVolume(0.7);
    player.setVolume(0);
    player.toggleMute();
    expect(player.snapshot().volume).toBe(0.7);
  });

  it('close stops the preview and empties the player', () => {
    const { media, player } = setup();
    player.toggle(kick);
    player.close();
    expect(media.paused).toBe(true);
    expect(media.src).toBe('');
    expect(player.snapshot()).toMatchObject({ track: null, playing: false, position: 0 });
    // The bar's button does nothing once closed.
    player.togglePlaying();
    expect(media.paused).toBe(true);
  });

  it('tells its listeners of every change, and stops when they leave', () => {
    const { player } = setup();
    let heard = 0;
    const leave = player.subscribe(() => heard++);
    player.toggle(kick);
    expect(heard).toBeGreaterThan(0);
    leave();
    const before = heard;
    player.toggle(kick);
    expect(heard).toBe(before);
  });
});

describe('times and positions', () => {
  it.each([
    [0, '0:00'],
    [5.9, '0:05'],
    [62, '1:02'],
    [3723, '1:02:03'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('%s s reads %s', (seconds, text) => {
    expect(formatTime(seconds)).toBe(text);
  });

  it('reads a position as the slider says it', () => {
    expect(positionText(5, 12)).toBe('0:05 of 0:12');
  });

  it('the played share stays within 0 and 1, 0 while the duration is unknown', () => {
    expect(playedFraction(3, 12)).toBe(0.25);
    expect(playedFraction(20, 12)).toBe(1);
    expect(playedFraction(3, 0)).toBe(0);
    expect(playedFraction(3, Number.NaN)).toBe(0);
  });
});
