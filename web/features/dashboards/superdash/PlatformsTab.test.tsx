// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LtiPlatformList } from '../../../../contract/lti';
import type { SchoolLicenceList } from '../../../../contract/superdash';
import { render, settle } from '../../../../tests/web/render';
import { superKeys } from './api/keys';
import { PlatformsTab } from './PlatformsTab';
import en from '../../../lib/i18n/messages/en.json';
import es from '../../../lib/i18n/messages/es.json';

// Issue 29 (LTI 1.3): superDash's Course platforms tab shows the addresses to paste in an LMS with
// Copy, the registrations, Register a platform (the server's 422 on its fields), Delete and Rotate
// signing key, each confirmed first.
const base = 'https://classbots.example.org';
const list: LtiPlatformList = {
  tool: {
    loginUrl: `${base}/api/lti/login`,
    launchUrl: `${base}/api/lti/launch`,
    jwksUrl: `${base}/api/lti/jwks`,
    deepLinkUrl: `${base}/api/lti/launch`,
  },
  platforms: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      schoolId: '00000000-0000-4000-8000-0000000000aa',
      schoolName: 'Springfield High',
      name: 'Springfield Canvas',
      issuer: 'https://canvas.instructure.com',
      clientId: '10000000000042',
      deploymentIds: ['1:abc', '2:def'],
      managedAddresses: false,
      authUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
      tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
      jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
      createdAt: '2026-11-02T10:00:00.000Z',
    },
  ],
};
const schools: SchoolLicenceList = {
  schools: [
    {
      id: '00000000-0000-4000-8000-0000000000aa',
      name: 'Springfield High',
      domains: ['springfield.test'],
      expiration: null,
      logoUrl: null,
      admins: [],
      teachersOnList: 3,
      createdAt: '2026-10-01T00:00:00.000Z',
      updatedAt: '2026-10-01T00:00:00.000Z',
    },
  ],
};

const requests: { method: string; url: string; body: unknown }[] = [];
let refreshes = 0;
/** Answers the write with `status` and `body`, and a refresh of the list with the list, noting each write. */
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const json = (s: number, b: unknown) =>
        Promise.resolve(new Response(s === 204 ? null : JSON.stringify(b), { status: s, headers: { 'content-type': 'application/json' } }));
      if (method === 'GET') {
        if (url.endsWith('/lti-platforms')) refreshes++;
        return json(200, url.endsWith('/schools') ? schools : list);
      }
      requests.push({ method, url, body: init.body ? JSON.parse(init.body as string) : null });
      return json(status, body);
    }),
  );
}
afterEach(() => {
  requests.length = 0;
  refreshes = 0;
  vi.unstubAllGlobals();
});

const data: [readonly unknown[], unknown][] = [
  [superKeys.ltiPlatforms(), list],
  [superKeys.schools(), schools],
];

const byText = (root: ParentNode, selector: string, text: string) =>
  [...root.querySelectorAll<HTMLElement>(selector)].find((e) => e.textContent === text);
const dialog = () => document.querySelector<HTMLElement>('[role=dialog]');

/** Types into a controlled input as a person would (React reads the native value setter's change). */
function type(el: HTMLInputElement | HTMLTextAreaElement, text: string) {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, text);
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('superDash, Course platforms', () => {
  for (const mode of ['light', 'dark'] as const)
    it(`shows the four addresses to paste, each with Copy, and the registrations (${mode})`, async () => {
      const { container } = await render(<PlatformsTab />, { data, mode });
      const addresses = container.querySelector('[aria-label="Addresses to paste in the LMS"]')!;
      expect([...addresses.querySelectorAll('code')].map((c) => c.textContent)).toEqual([
        `${base}/api/lti/login`,
        `${base}/api/lti/launch`,
        `${base}/api/lti/launch`,
        `${base}/api/lti/jwks`,
      ]);
      expect([...addresses.querySelectorAll('button')].map((b) => [b.textContent, b.getAttribute('aria-label')])).toEqual([
        ['Copy', 'Copy the login address'],
        ['Copy', 'Copy the launch address'],
        ['Copy', 'Copy the deep-linking address'],
        ['Copy', 'Copy the public key set address'],
      ]);

      const card = container.querySelector<HTMLElement>('[aria-label="Registered platforms"] li')!;
      expect(card.querySelector('h3')!.textContent).toBe('Springfield Canvas');
      for (const text of [
        'Springfield High',
        'https://canvas.instructure.com',
        '10000000000042',
        '1:abc, 2:def',
        'Only addresses the platform marks verified',
      ])
        expect(card.textContent).toContain(text);
      expect(card.querySelector('button')!.getAttribute('aria-label')).toBe('Delete Springfield Canvas');
    });

  it('copies an address and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = await render(<PlatformsTab />, { data });
    await settle(() => container.querySelector<HTMLElement>('[aria-label="Copy the public key set address"]')!.click());
    expect(writeText).toHaveBeenCalledWith(`${base}/api/lti/jwks`);
    expect(container.querySelector('[role=status]')!.textContent).toBe('Copied the public key set address.');
  });

  it('registers a platform, with the deployment ids one a line, and shows a 422 on its fields', async () => {
    const { container } = await render(<PlatformsTab />, { data });
    await settle(() => byText(container, 'button', 'Register a platform')!.click());
    const form = dialog()!;
    expect(form.querySelector('h2')!.textContent).toBe('Register a platform');
    const labels = [...form.querySelectorAll('.MuiInputLabel-root')].map((l) => l.textContent?.replace(/\s*\*$/, ''));
    expect(labels).toEqual([
      'School licence',
      'Name',
      'Issuer',
      'Client id',
      'Deployment ids, one a line',
      'Authentication address',
      'Token address',
      'Key set address',
    ]);
    await settle(() => {
      type(form.querySelector('input[name=name]')!, 'Moodle');
      type(form.querySelector('input[name=issuer]')!, 'http://moodle.example.org');
      type(form.querySelector('textarea[name=deploymentIds]')!, ' 7 \n\n8\n');
    });
    // The address choice says what each means; verified-only is the default (decision 274).
    const choices = [...form.querySelectorAll<HTMLInputElement>('input[name=managedAddresses]')];
    expect(choices.map((c) => [c.value, c.checked])).toEqual([
      ['verified', true],
      ['managed', false],
    ]);
    expect(form.textContent).toContain('Canvas and Moodle do not say so');
    await settle(() => choices[1]!.click());
    answer(422, {
      error: {
        code: 'validation_failed',
        message: 'Some fields are not valid.',
        requestId: 'r1',
        fields: { issuer: 'The issuer must be an https address.', 'deploymentIds.1': 'A deployment id is longer than 255 characters.' },
      },
    });
    await settle(() => byText(form, 'button', 'Register')!.click());
    for (let i = 0; i < 10 && !form.textContent?.includes('https address'); i++) await settle(() => undefined);
    expect(requests).toEqual([
      {
        method: 'POST',
        url: '/api/superdash/lti-platforms',
        body: {
          schoolId: '',
          name: 'Moodle',
          issuer: 'http://moodle.example.org',
          clientId: '',
          deploymentIds: ['7', '8'],
          authUrl: '',
          tokenUrl: '',
          jwksUrl: '',
          managedAddresses: true,
        },
      },
    ]);
    const helper = (name: string) =>
      form.querySelector(`[name=${name}]`)!.closest('.MuiFormControl-root')!.querySelector('.MuiFormHelperText-root')!;
    expect(helper('issuer').textContent).toBe('The issuer must be an https address.');
    expect(form.querySelector('input[name=issuer]')!.getAttribute('aria-invalid')).toBe('true');
    expect(helper('deploymentIds').textContent).toBe('A deployment id is longer than 255 characters.');
    expect(form.querySelector('[role=alert]')).toBeNull();
  });

  it('deletes a registration only once confirmed, and refreshes the list', async () => {
    const { container } = await render(<PlatformsTab />, { data });
    await settle(() => container.querySelector<HTMLElement>('[aria-label="Delete Springfield Canvas"]')!.click());
    const confirm = dialog()!;
    expect(confirm.querySelector('h2')!.textContent).toBe('Delete the registration “Springfield Canvas”?');
    expect(confirm.textContent).toContain('This cannot be undone');
    expect(requests).toEqual([]);
    answer(204, null);
    await settle(() => byText(confirm, 'button', 'Delete')!.click());
    for (let i = 0; i < 10 && dialog(); i++) await settle(() => undefined);
    expect(requests[0]).toEqual({ method: 'DELETE', url: '/api/superdash/lti-platforms/00000000-0000-4000-8000-000000000001', body: {} });
    expect(refreshes).toBe(1);
    expect(container.textContent).toContain('Deleted Springfield Canvas.');
  });

  it('rotates the signing key once confirmed, saying the old key stays published 30 days', async () => {
    const { container } = await render(<PlatformsTab />, { data });
    await settle(() => byText(container, 'button', 'Rotate signing key')!.click());
    const confirm = dialog()!;
    expect(confirm.textContent).toContain('The old key stays published at the key set address for 30 days');
    answer(200, { kid: 'k2' });
    await settle(() => byText(confirm, 'button', 'Rotate key')!.click());
    for (let i = 0; i < 10 && dialog(); i++) await settle(() => undefined);
    expect(requests.map((r) => [r.method, r.url])).toEqual([['POST', '/api/superdash/lti-platforms/keys/rotate']]);
    expect(container.textContent).toContain('Signing key rotated. The old key stays published for 30 days.');
  });
});

describe('superDash, Course platforms in Spanish', () => {
  it('says the addresses, the registrations and the buttons in Spanish, with no English words of the dashboards catalogue', async () => {
    const { container } = await render(<PlatformsTab />, { data, locale: 'es' });
    const text = container.textContent ?? '';
    for (const words of ['Direcciones para pegar en el LMS', 'Plataformas registradas', 'Registrar una plataforma', 'Copiar', 'Emisor'])
      expect(text).toContain(words);
    expect(container.querySelector('[aria-label="Copiar la dirección de inicio de sesión"]')).not.toBeNull();
    const english = Object.entries(en).filter(
      ([key, value]) => key.startsWith('dashboards.') && !value.includes('{') && value !== es[key as keyof typeof es] && value.length > 3,
    );
    // Whole words only: “Class” is part of “ClassBots”.
    const word = (value: string) => new RegExp(`(^|\\W)${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\W|$)`);
    for (const [, value] of english) expect(text).not.toMatch(word(value));
  });
});
