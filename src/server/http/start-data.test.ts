import { START_DATA_ELEMENT_ID, type StartData } from '@contracts/start-data';
import { describe, expect, it } from 'vitest';
import { withStartData } from './start-data';

const page = '<!doctype html><html><head><title>Buchbar</title></head><body><div id="root"></div></body></html>';
const tenant = {
  id: 't1',
  name: 'Stadtwerke </script><script>alert(1)</script>',
  features: ['fahrzeug'],
} as unknown as StartData['tenant'];

describe('withStartData', () => {
  it('writes the data as JSON the browser does not run, in the head', () => {
    const html = withStartData(page, { tenant });
    expect(html).toMatch(new RegExp(`<script type="application/json" id="${START_DATA_ELEMENT_ID}">.*</script>\\n  </head><body>`));
    const json = /<script type="application\/json" id="buchbar-start">(.*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json!)).toEqual({ tenant });
  });

  it('no text of a tenant or a person can end the element', () => {
    const html = withStartData(page, { tenant });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
  });
});
