import DOMPurify from 'dompurify';

/** Lesson HTML, sanitized again in the browser whatever the server stored. */
export function LessonBody({ html, testId }: { html: string; testId?: string }) {
  return (
    <div
      className="academy-lesson-body"
      data-testid={testId}
      // DOMPurify's output is safe to insert: scripts, handlers and javascript: links are removed.
      dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) }}
    />
  );
}

/** YouTube and Vimeo page links become their embed players; other https links play in a plain video element. */
export function embedUrl(url: string): { kind: 'iframe' | 'video'; src: string } {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^www\./, '');
  if (host === 'youtube.com' && parsed.searchParams.get('v')) {
    return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${parsed.searchParams.get('v')}` };
  }
  if (host === 'youtu.be')
    return { kind: 'iframe', src: `https://www.youtube-nocookie.com/embed${parsed.pathname}` };
  if (host === 'vimeo.com')
    return { kind: 'iframe', src: `https://player.vimeo.com/video${parsed.pathname}` };
  return { kind: 'video', src: url };
}
