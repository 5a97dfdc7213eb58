import { randomUUID } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@domain/permissions';
import type { Db } from '../client';
import { hashPassword } from '../password-hash';
import * as t from '../schema/index';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'Buchbar!2026';

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  employeeId: string;
  department: string;
  roles?: string[];
  groups?: string[];
  /** Direct grants; the value is the stored text (only 'true' grants, docs/product.md#permissions). */
  direct?: Partial<Record<Permission, 'true' | 'false'>>;
}

interface DemoTenant {
  name: string;
  subIdentifier: string;
  customerName: string;
  domains: string[];
  features: string[];
  departments: string[];
  roles: Record<string, readonly Permission[]>;
  groups: Record<string, string[]>;
  users: DemoUser[];
  locations: Record<string, string[]>;
  tenantSettings?: Record<string, string>;
}

const privacy = (name: string) =>
  `Datenschutzhinweise der ${name}\n\nWir verarbeiten Ihre Buchungsdaten (Name, E-Mail-Adresse, gebuchte Objekte und Zeiträume) ausschließlich zur Organisation von Arbeitsplätzen und Fahrzeugen (Art. 6 Abs. 1 lit. b DSGVO). Fahrtenbuchdaten bewahren wir gemäß den steuerlichen Aufbewahrungsfristen auf. Ansprechpartner ist die bzw. der Datenschutzbeauftragte der ${name}.`;
const imprint = (name: string, street: string, city: string) =>
  `Impressum\n\n${name}\n${street}\n${city}\n\nVertreten durch die Geschäftsführung. Verantwortlich für den Inhalt: die Verwaltung der ${name}.`;

export const DEMO_TENANTS: DemoTenant[] = [
  {
    name: 'Stadtwerke Musterstadt',
    subIdentifier: 'stadtwerke',
    customerName: 'Stadtwerke Musterstadt GmbH',
    domains: ['localhost', 'stadtwerke.localhost'],
    features: ['fahrzeug', 'leseraum', 'arbeitswelt'],
    departments: ['Netzbetrieb', 'Verwaltung', 'Kundenservice'],
    roles: {
      Administration: PERMISSIONS,
      Fuhrparkleitung: ['fahrzeug_pflege', 'fahrzeug_logbuch_report', 'fahrzeug_fremdbuchung'],
      Buchende: ['fahrzeug_buchen'],
      Sonderfahrtfreigabe: ['fahrzeug_freigabe_von_sonderfahrten'],
    },
    groups: { 'Alle Mitarbeitenden': ['Buchende'], 'Fuhrpark-Team': ['Fuhrparkleitung'] },
    users: [
      {
        email: 'admin@stadtwerke.test',
        firstName: 'Anna',
        lastName: 'Adler',
        employeeId: 'SW-1001',
        department: 'Verwaltung',
        roles: ['Administration'],
      },
      {
        email: 'fuhrpark@stadtwerke.test',
        firstName: 'Felix',
        lastName: 'Fuhrmann',
        employeeId: 'SW-1002',
        department: 'Netzbetrieb',
        groups: ['Alle Mitarbeitenden', 'Fuhrpark-Team'],
      },
      {
        email: 'freigabe@stadtwerke.test',
        firstName: 'Frieda',
        lastName: 'Frei',
        employeeId: 'SW-1003',
        department: 'Verwaltung',
        roles: ['Sonderfahrtfreigabe'],
        groups: ['Alle Mitarbeitenden'],
      },
      {
        email: 'pruefer@stadtwerke.test',
        firstName: 'Paul',
        lastName: 'Prüfer',
        employeeId: 'SW-1004',
        department: 'Verwaltung',
        direct: { fahrzeug_fuehrerscheinpruefung: 'true' },
      },
      // The direct 'false' shows that only the text true grants (docs/product.md#permissions).
      {
        email: 'mitarbeiter@stadtwerke.test',
        firstName: 'Max',
        lastName: 'Mustermann',
        employeeId: 'SW-1005',
        department: 'Kundenservice',
        groups: ['Alle Mitarbeitenden'],
        direct: { fahrzeug_fremdbuchung: 'false' },
      },
    ],
    locations: {
      'Betriebshof Nord': ['Stellplatz 1', 'Stellplatz 2', 'Stellplatz 3', 'Stellplatz 4', 'Stellplatz 5', 'Ladeplatz E1'],
      'Verwaltung Innenstadt': ['Tiefgarage 1', 'Tiefgarage 2', 'Tiefgarage 3', 'Tiefgarage 4'],
    },
  },
  {
    name: 'Tourist-Info Seestadt',
    subIdentifier: 'tourismus',
    customerName: 'Tourismusverein Seestadt e. V.',
    domains: ['tourismus.localhost'],
    features: ['fahrzeug', 'gastbuchung'],
    departments: ['Empfang', 'Leitung'],
    roles: { Administration: PERMISSIONS, Empfang: ['fahrzeug_buchen', 'fahrzeug_gastbuchung'] },
    groups: {},
    users: [
      {
        email: 'admin@tourismus.test',
        firstName: 'Tina',
        lastName: 'Thalberg',
        employeeId: 'TI-01',
        department: 'Leitung',
        roles: ['Administration'],
      },
      {
        email: 'empfang@tourismus.test',
        firstName: 'Emil',
        lastName: 'Ebbe',
        employeeId: 'TI-02',
        department: 'Empfang',
        roles: ['Empfang'],
      },
    ],
    locations: { 'Tourist-Info am Hafen': Array.from({ length: 10 }, (_, i) => `Radständer ${i + 1}`) },
    // The reception hands the bikes over at the counter: a guest who comes late still gets the bike, so a booking
    // of today is not cancelled half an hour after its start (the demo's day list holds all day).
    tenantSettings: { fahrzeugGastbuchungAktiv: 'true', fahrzeugFreigabeNachBuchungsbeginn: 'false' },
  },
  {
    name: 'Universitätsbibliothek Musterstadt',
    subIdentifier: 'bibliothek',
    customerName: 'Universität Musterstadt – Bibliothek',
    domains: ['bibliothek.localhost'],
    features: ['leseraum'],
    // Readers book rarely: the library lets them sign in with a code by e-mail.
    tenantSettings: { anmeldungPerEmailCode: 'true' },
    departments: ['Benutzung', 'Lesesaal'],
    roles: { Administration: PERMISSIONS, Lesende: [] },
    groups: { Studierende: ['Lesende'] },
    users: [
      {
        email: 'admin@bibliothek.test',
        firstName: 'Berta',
        lastName: 'Buchholz',
        employeeId: 'UB-001',
        department: 'Benutzung',
        roles: ['Administration'],
      },
      {
        email: 'leser@bibliothek.test',
        firstName: 'Lena',
        lastName: 'Lesewitz',
        employeeId: 'UB-002',
        department: 'Lesesaal',
        groups: ['Studierende'],
      },
    ],
    locations: {},
  },
];

const ADDRESSES: Record<string, [string, string]> = {
  stadtwerke: ['Werkstraße 1', '12345 Musterstadt'],
  tourismus: ['Hafenpromenade 3', '23456 Seestadt'],
  bibliothek: ['Universitätsplatz 5', '12345 Musterstadt'],
};

/**
 * The first step of the demo (the tenant area's): the demo tenants with their
 * domains, features, departments, roles, groups, people, locations and tenant
 * settings. The other areas' steps add their data to these tenants; all run
 * in one transaction, once, into an empty database (src/server/prepare-database.ts).
 */
export async function seedDemoTenants(tx: Db): Promise<void> {
  // One hash for all accounts: they share the password, and scrypt is slow by design.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const d of DEMO_TENANTS) {
    const [street, city] = ADDRESSES[d.subIdentifier]!;
    const [tenant] = await tx
      .insert(t.tenants)
      .values({ name: d.name, subIdentifier: d.subIdentifier, privacyText: privacy(d.name), imprintText: imprint(d.name, street, city) })
      .returning({ id: t.tenants.id });
    const tenantId = tenant!.id;
    await tx.insert(t.tenantDomains).values(d.domains.map((domain) => ({ domain, tenantId })));
    await tx.insert(t.legacyMappings).values({ tenantId, customerName: d.customerName });
    await tx.insert(t.tenantFeatures).values(d.features.map((feature) => ({ tenantId, feature })));

    const depIds = new Map<string, string>();
    for (const name of d.departments) {
      const [row] = await tx.insert(t.departments).values({ tenantId, name }).returning({ id: t.departments.id });
      depIds.set(name, row!.id);
    }
    const roleIds = new Map<string, string>();
    for (const [name, perms] of Object.entries(d.roles)) {
      const [row] = await tx.insert(t.roles).values({ tenantId, name }).returning({ id: t.roles.id });
      roleIds.set(name, row!.id);
      if (perms.length)
        await tx.insert(t.rolePermissions).values(perms.map((permissionName) => ({ tenantId, roleId: row!.id, permissionName })));
    }
    const groupIds = new Map<string, string>();
    for (const [name, roleNames] of Object.entries(d.groups)) {
      const [row] = await tx.insert(t.groups).values({ tenantId, name }).returning({ id: t.groups.id });
      groupIds.set(name, row!.id);
      if (roleNames.length)
        await tx.insert(t.groupRoles).values(roleNames.map((r) => ({ tenantId, groupId: row!.id, roleId: roleIds.get(r)! })));
    }
    for (const u of d.users) {
      const authUserId = randomUUID();
      await tx.insert(t.authUser).values({ id: authUserId, name: `${u.firstName} ${u.lastName}`, email: u.email, emailVerified: true });
      await tx
        .insert(t.authAccount)
        .values({ id: randomUUID(), accountId: authUserId, providerId: 'credential', userId: authUserId, password: passwordHash });
      const [member] = await tx
        .insert(t.users)
        .values({
          tenantId,
          authUserId,
          employeeId: u.employeeId,
          firstName: u.firstName,
          lastName: u.lastName,
          email: u.email,
          departmentId: depIds.get(u.department)!,
        })
        .returning({ id: t.users.id });
      const userId = member!.id;
      for (const r of u.roles ?? []) await tx.insert(t.userRoles).values({ tenantId, userId, roleId: roleIds.get(r)! });
      for (const g of u.groups ?? []) await tx.insert(t.userGroups).values({ tenantId, userId, groupId: groupIds.get(g)! });
      for (const [permissionName, value] of Object.entries(u.direct ?? {})) {
        await tx.insert(t.userPermissions).values({ tenantId, userId, permissionName, value });
      }
    }
    for (const [name, spaces] of Object.entries(d.locations)) {
      const [loc] = await tx.insert(t.locations).values({ tenantId, name }).returning({ id: t.locations.id });
      await tx.insert(t.parkingSpaces).values(spaces.map((s) => ({ tenantId, locationId: loc!.id, name: s })));
    }
    for (const [optionName, value] of Object.entries(d.tenantSettings ?? {})) {
      await tx.insert(t.settingValues).values({ tenantId, optionName, layer: 'MANDANT', value });
    }
  }
}
