import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { MarkdownText } from './markdown';

const render = (markdown: string, nested = false) =>
  renderToStaticMarkup(
    createElement(Router, { ssrPath: '/', children: createElement(MarkdownText, { children: markdown, nested }) }),
  );

describe('MarkdownText: an operator’s Terms and Privacy Policy', () => {
  it('renders Markdown as elements', () => {
    const html = render('# Terms\n\n> **This is a template.**\n\n## Fees\n\n- one\n- two\n\nSee [Fees](/fees).');
    expect(html).toContain('<h1');
    expect(html).toContain('<blockquote');
    expect(html).toContain('<strong');
    expect(html).toContain('<h2');
    expect(html).toMatch(/<li[^>]*>one<\/li>/);
    expect(html).toMatch(/<a [^>]*href="\/fees"[^>]*>Fees<\/a>/);
  });

  it('starts its headings at h2 inside a page with its own title', () => {
    const html = render('# Terms\n\n## Fees\n\n### Rounding', true);
    expect(html).not.toContain('<h1');
    expect(html).toMatch(/<h2[^>]*>Terms<\/h2>.*<h3[^>]*>Fees<\/h3>.*<h4[^>]*>Rounding<\/h4>/s);
  });

  it('drops raw HTML: no script, no event handler, no iframe, whatever the file holds', () => {
    const html = render(
      [
        '# Terms',
        '',
        '<script>window.pwned = true</script>',
        '',
        'Before <img src=x onerror="alert(1)"> after',
        '',
        '<iframe src="https://evil.example"></iframe>',
        '',
        '<a href="https://evil.example" onclick="steal()">click</a>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<iframe|onerror|onclick|pwned|steal/i);
    expect(html).toContain('Before');
    expect(html).toContain('after');
  });

  it('removes javascript: and data: link addresses, and keeps outside links from learning where people came from', () => {
    const html = render(
      '[a](javascript:alert(1)) [b](data:text/html,<b>x</b>) [c](https://example.com) [d](mailto:help@example.com)',
    );
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).toMatch(/<a [^>]*href="https:\/\/example.com"[^>]*rel="noopener noreferrer nofollow"/);
    expect(html).toContain('href="mailto:help@example.com"');
  });
});
