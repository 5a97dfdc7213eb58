/** Modal dialogs "So funktioniert's" and "Regeln" (docs/product.md#dialogs-and-panels). */
export const help = {
  howItWorks: {
    title: "So funktioniert's",
    intro: 'Mit Buchbar reservieren Sie Leseraumplätze, Arbeitsplätze und Poolfahrzeuge Ihrer Organisation.',
    steps: {
      area: {
        title: 'Bereich wählen',
        text: 'Im Menü finden Sie die Bereiche, die für Sie freigeschaltet sind, zum Beispiel Fahrzeuge oder Leseraum.',
      },
      time: {
        title: 'Zeitraum wählen',
        text: 'Wählen Sie den Tag und die Uhrzeit. Plätze buchen Sie ganztags, vormittags, nachmittags oder stundenweise.',
      },
      book: {
        title: 'Buchen',
        text: 'Wählen Sie einen freien Platz auf dem Raumplan oder in der Liste beziehungsweise ein verfügbares Fahrzeug und bestätigen Sie die Buchung. Sie erhalten eine Bestätigung per E-Mail.',
      },
      checkIn: {
        title: 'Einchecken',
        text: 'Leseraumplätze bestätigen Sie von 15 Minuten vor bis 15 Minuten nach Beginn. Eine Fahrt beginnen Sie mit „Fahrt starten“ und schließen sie mit „Fahrt beenden“ ab.',
      },
      cancel: {
        title: 'Stornieren',
        text: 'Brauchen Sie eine Buchung nicht mehr, stornieren Sie sie bitte sofort, damit andere den Platz oder das Fahrzeug nutzen können.',
      },
    },
    settings: 'Sprache, Passwort und persönliche Daten ändern Sie jederzeit unter „Einstellungen“.',
  },
  rules: {
    title: 'Regeln',
    intro: 'Damit alle fair an die Reihe kommen, gelten diese Hausregeln:',
    items: {
      fair: 'Buchen Sie nur, was Sie wirklich nutzen, und stornieren Sie rechtzeitig.',
      checkIn: 'Wer nicht rechtzeitig eincheckt, verliert die Buchung; der Platz oder das Fahrzeug wird wieder freigegeben.',
      quiet: 'Im Leseraum gilt Ruhe. Telefonate und Besprechungen führen Sie bitte außerhalb.',
      clean: 'Hinterlassen Sie Platz und Fahrzeug aufgeräumt und sauber.',
      licence: 'Führen Sie bei jeder Fahrt Ihren gültigen Führerschein mit.',
      logbook: 'Erfassen Sie am Fahrtende Kilometerstand, Tankfüllstand und Sauberkeit und melden Sie Schäden sofort.',
      special: 'Fahrten außerhalb der Buchungszeiten sind Sonderfahrten und brauchen eine Freigabe.',
    },
  },
  handbook: 'Ausführlich im Handbuch nachlesen',
  newTab: 'öffnet in einem neuen Tab',
};
