import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('makes markup text, in elements and attributes alike', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'Co'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
  });
  it('drops control characters and terminal escapes, which HTML cannot hold; a newline is a space', () => {
    expect(escapeHtml('Oak\u0007 Court\u001b[31m\nEast')).toBe('Oak Court East');
  });
});
