import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import { freePort, waitForPort } from './ports';

/**
 * A real OpenLDAP server for the directory tests: Debian's slapd started as an
 * ordinary process on free loopback ports, with a slapd.conf, an mdb database
 * and a CA plus server certificate generated for this run by openssl in a
 * temporary folder. It listens with ldaps:// and with ldap:// (for StartTLS);
 * `close` stops it and removes the folder.
 */

export const SUFFIX = 'dc=buchbar,dc=test';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PASSWORD = 'Verzeichnis-Root-1';

export interface TestSlapd {
  ldapsUrl: string;
  ldapUrl: string;
  caPem: string;
  /** Runs LDAP changes as the root DN (to move people between two syncs). */
  asRoot<T>(work: (client: Client) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A CA and a server certificate for 127.0.0.1 / localhost, signed by it. */
function makeCertificates(dir: string) {
  const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  run([
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Buchbar Test CA',
  ]);
  run(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1']);
  writeFileSync(join(dir, 'ext.cnf'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  run([
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  ]);
}

export async function startTestSlapd(ldif: string): Promise<TestSlapd> {
  const dir = mkdtempSync(join(tmpdir(), 'buchbar-slapd-'));
  mkdirSync(join(dir, 'db'));
  makeCertificates(dir);
  const conf = `include /etc/ldap/schema/core.schema
include /etc/ldap/schema/cosine.schema
include /etc/ldap/schema/inetorgperson.schema
include /etc/ldap/schema/nis.schema
modulepath /usr/lib/ldap
moduleload back_mdb
pidfile ${dir}/slapd.pid
TLSCACertificateFile ${dir}/ca.pem
TLSCertificateFile ${dir}/server.pem
TLSCertificateKeyFile ${dir}/server.key
database mdb
suffix "${SUFFIX}"
rootdn "${ROOT_DN}"
rootpw ${ROOT_PASSWORD}
directory ${dir}/db
maxsize 10485760
access to attrs=userPassword by self read by anonymous auth by * none
access to * by * read
`;
  writeFileSync(join(dir, 'slapd.conf'), conf);
  writeFileSync(join(dir, 'data.ldif'), ldif);
  execFileSync('slapadd', ['-f', join(dir, 'slapd.conf'), '-l', join(dir, 'data.ldif')], { stdio: 'pipe' });
  const ldapsPort = await freePort();
  const ldapPort = await freePort();
  const proc = spawn(
    'slapd',
    ['-d', '0', '-f', join(dir, 'slapd.conf'), '-h', `ldaps://127.0.0.1:${ldapsPort}/ ldap://127.0.0.1:${ldapPort}/`],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort(ldapsPort, 10_000, 'slapd');
  await waitForPort(ldapPort, 10_000, 'slapd');
  const caPem = readFileSync(join(dir, 'ca.pem'), 'utf8');
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  return {
    ldapsUrl,
    ldapUrl: `ldap://127.0.0.1:${ldapPort}`,
    caPem,
    async asRoot(work) {
      const client = new Client({ url: ldapsUrl, tlsOptions: { ca: [caPem] } });
      try {
        await client.bind(ROOT_DN, ROOT_PASSWORD);
        return await work(client);
      } finally {
        await client.unbind();
      }
    },
    async close() {
      await new Promise<void>((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(resolve, 3000).unref();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One LDIF line; a value outside ASCII (umlauts) goes base64-encoded, as RFC 2849 asks. */
export const attr = (name: string, value: string) =>
  /^[\x20-\x7e]*$/.test(value) ? `${name}: ${value}` : `${name}:: ${Buffer.from(value, 'utf8').toString('base64')}`;

/** An entry for the test LDIF: a person with a password. */
export const personLdif = (uid: string, given: string, sn: string, mail: string, password: string, extra: string[] = []) =>
  [
    `dn: uid=${uid},ou=people,${SUFFIX}`,
    'objectClass: inetOrgPerson',
    attr('uid', uid),
    attr('cn', `${given} ${sn}`),
    attr('givenName', given),
    attr('sn', sn),
    attr('displayName', `${given} ${sn}`),
    attr('mail', mail),
    attr('userPassword', password),
    ...extra,
    '',
  ].join('\n');

/** The password of every person in the test directory. */
export const DIRECTORY_PASSWORD = 'Verzeichnis-Passwort-1';

/**
 * A small directory: a service account, Jürgen (in the synced group), Erika (in it only through the nested group
 * fuhrpark) and Gerd (disabled by his description).
 */
export const TEST_DIRECTORY_LDIF = [
  `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\ndc: buchbar\no: Buchbar Test\n`,
  `dn: ou=people,${SUFFIX}\nobjectClass: organizationalUnit\nou: people\n`,
  `dn: ou=groups,${SUFFIX}\nobjectClass: organizationalUnit\nou: groups\n`,
  `dn: cn=buchbar-dienst,${SUFFIX}\nobjectClass: simpleSecurityObject\nobjectClass: organizationalRole\ncn: buchbar-dienst\nuserPassword: Dienst-Passwort-1\n`,
  personLdif('jmuessig', 'Jürgen', 'Müßig', 'juergen.muessig@stadtwerke.test', DIRECTORY_PASSWORD),
  personLdif('ekoch', 'Erika', 'Koch', 'erika.koch@stadtwerke.test', DIRECTORY_PASSWORD),
  personLdif('gesperrt', 'Gerd', 'Sperling', 'gerd.sperling@stadtwerke.test', DIRECTORY_PASSWORD, ['description: gesperrt']),
  `dn: cn=fuhrpark,ou=groups,${SUFFIX}\nobjectClass: groupOfNames\ncn: fuhrpark\nmember: uid=ekoch,ou=people,${SUFFIX}\n`,
  `dn: cn=buchbar,ou=groups,${SUFFIX}\nobjectClass: groupOfNames\ncn: buchbar\nmember: uid=jmuessig,ou=people,${SUFFIX}\nmember: cn=fuhrpark,ou=groups,${SUFFIX}\n`,
].join('\n');
