import type { help as de } from '../de/help';

export const help: typeof de = {
  howItWorks: {
    title: 'How it works',
    intro: "With Buchbar you reserve your organisation's reading-room seats, workplaces and pool vehicles.",
    steps: {
      area: {
        title: 'Choose an area',
        text: 'The menu shows the areas enabled for you, for example Vehicles or Reading room.',
      },
      time: {
        title: 'Choose a period',
        text: 'Pick the day and the time. Seats can be booked all day, in the morning, in the afternoon or by the hour.',
      },
      book: {
        title: 'Book',
        text: 'Pick a free seat on the floor plan or in the list, or an available vehicle, and confirm the booking. You will receive a confirmation by e-mail.',
      },
      checkIn: {
        title: 'Check in',
        text: 'Confirm reading-room seats from 15 minutes before to 15 minutes after the start. Begin a trip with “Start trip” and finish it with “End trip”.',
      },
      cancel: {
        title: 'Cancel',
        text: 'If you no longer need a booking, please cancel it right away so that others can use the seat or vehicle.',
      },
    },
    settings: 'You can change your language, password and personal data at any time under “Settings”.',
  },
  rules: {
    title: 'Rules',
    intro: 'So that everyone gets a fair turn, these house rules apply:',
    items: {
      fair: 'Only book what you really use, and cancel in good time.',
      checkIn: 'If you do not check in on time, you lose the booking; the seat or vehicle is released again.',
      quiet: 'The reading room is a quiet zone. Please take calls and meetings outside.',
      clean: 'Leave seats and vehicles tidy and clean.',
      licence: 'Carry your valid driving licence on every trip.',
      logbook: 'At the end of a trip, record mileage, fuel level and cleanliness, and report damage immediately.',
      special: 'Trips outside the booking times are special trips and need an approval.',
    },
  },
  handbook: 'Read more in the handbook (German)',
  newTab: 'opens in a new tab',
};
