/**
 * Demo pickup points around Moscow, each at a real metro station with its line colour. Point 1
 * is the contract's example (openapi.yaml) and must stay exactly as it is there.
 */
const LINE = {
  sokolnicheskaya: '#DA2128',
  zamoskvoretskaya: '#48B85E',
  arbatskoPokrovskaya: '#0072BA',
  filyovskaya: '#1EBCEF',
  koltsevaya: '#8D5B2D',
  kaluzhskoRizhskaya: '#F07E24',
  tagansko: '#943E90',
  kalininskaya: '#FFCD1C',
  serpukhovsko: '#ADACAC',
  lyublinsko: '#BED12C',
  butovskaya: '#BAC8E8',
} as const;

type Row = [metro: string, line: keyof typeof LINE, lat: number, lon: number, address: string, slug: string];

const ROWS: Row[] = [
  ['Чистые пруды', 'sokolnicheskaya', 55.765, 37.6384, 'Москва, ул. Мясницкая, 40', 'chistye-prudy'],
  ['Сокольники', 'sokolnicheskaya', 55.7893, 37.6799, 'Москва, ул. Русаковская, 31', 'sokolniki'],
  ['Университет', 'sokolnicheskaya', 55.6923, 37.5345, 'Москва, Ломоносовский просп., 23', 'universitet'],
  ['Юго-Западная', 'sokolnicheskaya', 55.6634, 37.483, 'Москва, просп. Вернадского, 86', 'yugo-zapadnaya'],
  ['Белорусская', 'zamoskvoretskaya', 55.7772, 37.5822, 'Москва, ул. Грузинский Вал, 10', 'belorusskaya'],
  ['Динамо', 'zamoskvoretskaya', 55.7897, 37.5582, 'Москва, Ленинградский просп., 36', 'dinamo'],
  ['Речной вокзал', 'zamoskvoretskaya', 55.8549, 37.4762, 'Москва, ул. Фестивальная, 2Б', 'rechnoy-vokzal'],
  ['Автозаводская', 'zamoskvoretskaya', 55.7069, 37.6574, 'Москва, ул. Мастеркова, 4', 'avtozavodskaya'],
  ['Бауманская', 'arbatskoPokrovskaya', 55.7723, 37.679, 'Москва, ул. Спартаковская, 16', 'baumanskaya'],
  ['Партизанская', 'arbatskoPokrovskaya', 55.7884, 37.749, 'Москва, Измайловское ш., 71', 'partizanskaya'],
  ['Киевская', 'arbatskoPokrovskaya', 55.7431, 37.5656, 'Москва, ул. Киевская, 2', 'kievskaya'],
  ['Кунцевская', 'arbatskoPokrovskaya', 55.7308, 37.4461, 'Москва, ул. Молодогвардейская, 2', 'kuntsevskaya'],
  ['Крылатское', 'arbatskoPokrovskaya', 55.7568, 37.4081, 'Москва, Осенний бульв., 12', 'krylatskoe'],
  ['Кутузовская', 'filyovskaya', 55.7404, 37.5341, 'Москва, Кутузовский просп., 30', 'kutuzovskaya'],
  ['Фили', 'filyovskaya', 55.7461, 37.5152, 'Москва, ул. Новозаводская, 2', 'fili'],
  ['Курская', 'koltsevaya', 55.7586, 37.6611, 'Москва, ул. Земляной Вал, 33', 'kurskaya'],
  ['Таганская', 'koltsevaya', 55.7425, 37.6533, 'Москва, Таганская пл., 12', 'taganskaya'],
  ['Октябрьская', 'kaluzhskoRizhskaya', 55.7293, 37.611, 'Москва, Ленинский просп., 4', 'oktyabrskaya'],
  ['Проспект Мира', 'kaluzhskoRizhskaya', 55.7797, 37.6334, 'Москва, просп. Мира, 40', 'prospekt-mira'],
  ['ВДНХ', 'kaluzhskoRizhskaya', 55.8208, 37.6411, 'Москва, просп. Мира, 146', 'vdnh'],
  ['Беляево', 'kaluzhskoRizhskaya', 55.6425, 37.5263, 'Москва, ул. Миклухо-Маклая, 47', 'belyaevo'],
  ['Медведково', 'kaluzhskoRizhskaya', 55.8881, 37.6617, 'Москва, ул. Широкая, 12', 'medvedkovo'],
  ['Баррикадная', 'tagansko', 55.7608, 37.5813, 'Москва, ул. Баррикадная, 19', 'barrikadnaya'],
  ['Выхино', 'tagansko', 55.7159, 37.8173, 'Москва, Рязанский просп., 99', 'vyhino'],
  ['Тушинская', 'tagansko', 55.8255, 37.4371, 'Москва, Волоколамское ш., 88', 'tushinskaya'],
  ['Новогиреево', 'kalininskaya', 55.7519, 37.8167, 'Москва, Свободный просп., 33', 'novogireevo'],
  ['Марксистская', 'kalininskaya', 55.7409, 37.6561, 'Москва, ул. Марксистская, 1', 'marksistskaya'],
  [
    'Серпуховская',
    'serpukhovsko',
    55.7267,
    37.6249,
    'Москва, ул. Большая Серпуховская, 10',
    'serpukhovskaya',
  ],
  ['Тимирязевская', 'serpukhovsko', 55.8186, 37.5747, 'Москва, Дмитровское ш., 27', 'timiryazevskaya'],
  ['Чертановская', 'serpukhovsko', 55.6407, 37.6061, 'Москва, Балаклавский просп., 2', 'chertanovskaya'],
  ['Менделеевская', 'serpukhovsko', 55.7819, 37.5989, 'Москва, ул. Новослободская, 26', 'mendeleevskaya'],
  ['Марьино', 'lyublinsko', 55.6503, 37.7437, 'Москва, ул. Люблинская, 169', 'maryino'],
  ['Сретенский бульвар', 'lyublinsko', 55.766, 37.6357, 'Москва, ул. Сретенка, 28', 'sretenskiy-bulvar'],
  [
    'Бунинская аллея',
    'butovskaya',
    55.538,
    37.5159,
    'Москва, ул. Адмирала Лазарева, 24',
    'buninskaya-alleya',
  ],
];

const SCHEDULES = ['Пн–Вс 10:00–21:00', 'Пн–Пт 9:00–21:00, Сб–Вс 10:00–18:00', 'Пн–Сб 10:00–20:00'];

export interface SeedPickupPoint {
  id: number;
  name: string;
  schedule: string;
  address: string;
  lat: number;
  lon: number;
  partnerId: number;
  description: string | null;
  email: string;
  phone: string;
  isActive: boolean;
  type: 'PARTNER';
  metro: string;
  metroColor: string;
}

const EXAMPLE_POINT: SeedPickupPoint = {
  id: 1,
  name: 'Пункт выдачи «Тверская»',
  schedule: 'Пн–Вс 10:00–21:00',
  address: 'Москва, ул. Тверская, 18к1',
  lat: 55.7649,
  lon: 37.6054,
  partnerId: 1,
  description: 'Вход со двора, второй подъезд.',
  email: 'tverskaya@pvz-express.ru',
  phone: '+7 495 100-00-01',
  isActive: true,
  type: 'PARTNER',
  metro: 'Пушкинская',
  metroColor: '#943E90',
};

/** A closed point, so the demo (and tests) show what staff see and customers do not. */
const CLOSED_POINT: Omit<SeedPickupPoint, 'id'> = {
  name: 'Пункт выдачи «Арбатская»',
  schedule: 'Пн–Пт 10:00–20:00',
  address: 'Москва, ул. Арбат, 1',
  lat: 55.7522,
  lon: 37.6018,
  partnerId: 2,
  description: 'Закрыт на ремонт.',
  email: 'arbatskaya@kurier-servis.ru',
  phone: '+7 495 200-00-99',
  isActive: false,
  type: 'PARTNER',
  metro: 'Арбатская',
  metroColor: LINE.arbatskoPokrovskaya,
};

export const SEED_PICKUP_POINTS: SeedPickupPoint[] = [
  EXAMPLE_POINT,
  ...ROWS.map(([metro, line, lat, lon, address, slug], index): SeedPickupPoint => {
    const partnerId = index % 2 === 0 ? 2 : 1;
    const id = index + 2;
    return {
      id,
      name: `Пункт выдачи «${metro}»`,
      schedule: SCHEDULES[index % SCHEDULES.length] as string,
      address,
      lat,
      lon,
      partnerId,
      description: index % 3 === 0 ? 'Рядом с выходом из метро, вывеска на фасаде.' : null,
      email: partnerId === 1 ? `${slug}@pvz-express.ru` : `${slug}@kurier-servis.ru`,
      phone: `+7 495 ${partnerId}00-00-${String(id).padStart(2, '0')}`,
      isActive: true,
      type: 'PARTNER',
      metro,
      metroColor: LINE[line],
    };
  }),
  { id: ROWS.length + 2, ...CLOSED_POINT },
];
