import { describe, expect, it } from 'vitest';
import { embedUrl } from './lesson-body.tsx';

describe('lesson video links', () => {
  it.each([
    [
      'https://www.youtube.com/watch?v=abc123',
      { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/abc123' },
    ],
    ['https://youtu.be/abc123', { kind: 'iframe', src: 'https://www.youtube-nocookie.com/embed/abc123' }],
    ['https://vimeo.com/76979871', { kind: 'iframe', src: 'https://player.vimeo.com/video/76979871' }],
    ['https://cdn.exemplo.com/aula.mp4', { kind: 'video', src: 'https://cdn.exemplo.com/aula.mp4' }],
  ])('%s', (url, expected) => {
    expect(embedUrl(url)).toEqual(expected);
  });
});
