import type { PageName } from "~/db/schema";
import type { AddOn } from "~/features/rental/add-ons";
import type { DemoImageSpec } from "./demo-images.server";

/**
 * The demo venue: a believable, fictional Danish venue that also rents out its hall by the day. The texts of
 * sections, tracks, articles and concerts are written here as plain text (a blank line starts a paragraph);
 * the seed stores them as formatted text with `plainTextToRichText`, the same conversion migration 0011 gives
 * older databases (decision 017).
 */
export const demoSettings = {
  siteName: "Havnescenen",
  tagline: "Livemusik og en sal til leje ved havnen i Aarhus",
  businessName: "Havnescenen ApS",
  streetAddress: "Havnegade 12",
  postalCode: "8000",
  city: "Aarhus C",
  email: "booking@havnescenen.dk",
  phone: "+45 86 12 34 56",
  cvr: "12345674",
};

const hero = { width: 1600, height: 900 };
const section = { width: 960, height: 640 };
const cover = { width: 800, height: 800 };
const photo = { width: 1200, height: 800 };

export const demoImages = {
  frontpage: { ...hero, from: "#1b1035", to: "#0d3b4f", lights: ["#ff9f43", "#ee5a9b", "#48dbfb"] },
  music: { ...hero, from: "#2d0f1f", to: "#14213d", lights: ["#fca311", "#e5e5e5"] },
  videos: { ...hero, from: "#0b132b", to: "#3a0ca3", lights: ["#4cc9f0", "#f72585", "#b5179e"] },
  images: { ...hero, from: "#1d3557", to: "#0b090a", lights: ["#f1faee", "#a8dadc"] },
  practical: { ...hero, from: "#133c55", to: "#0b1d26", lights: ["#ffd166"] },
  hall: { ...section, from: "#3c096c", to: "#10002b", lights: ["#ff6d00", "#ff9e00", "#c77dff"] },
  bar: { ...section, from: "#432818", to: "#1b1b1e", lights: ["#ffb703", "#fb8500"] },
  coverKajen: { ...cover, from: "#003049", to: "#d62828", lights: ["#fcbf49", "#eae2b7"] },
  coverNat: { ...cover, from: "#10002b", to: "#240046", lights: ["#e0aaff", "#9d4edd", "#5a189a"] },
  coverSalt: { ...cover, from: "#006d77", to: "#83c5be", lights: ["#ffddd2", "#e29578"] },
  bannerKoncert: { ...hero, from: "#370617", to: "#03071e", lights: ["#f48c06", "#dc2f02", "#ffba08"] },
  bannerSal: { ...hero, from: "#0a2463", to: "#1e1b18", lights: ["#fffaff", "#3e92cc"] },
  bannerBar: { ...hero, from: "#582f0e", to: "#333d29", lights: ["#ffe8d6", "#b6ad90"] },
  articleSommer: { ...photo, from: "#ff7b00", to: "#3f0d12", lights: ["#ffea00", "#ff9500"] },
  articleTekniker: { ...photo, from: "#1b263b", to: "#0d1b2a", lights: ["#e0e1dd", "#778da9"] },
  articleJazz: { ...photo, from: "#3d348b", to: "#191716", lights: ["#f7b801", "#f18701", "#f35b04"] },
  stockScene: { ...photo, from: "#22223b", to: "#4a4e69", lights: ["#f2e9e4", "#c9ada7"] },
  stockPublikum: { ...photo, from: "#540b0e", to: "#335c67", lights: ["#fff3b0", "#e09f3e"] },
  stockBaren: { ...photo, from: "#283618", to: "#606c38", lights: ["#fefae0", "#dda15e"] },
  stockTrommer: { ...photo, from: "#14213d", to: "#000000", lights: ["#fca311"] },
  stockGuitar: { ...photo, from: "#6a040f", to: "#9d0208", lights: ["#ffba08", "#faa307", "#f48c06"] },
  stockHavnen: { ...photo, from: "#023e8a", to: "#03045e", lights: ["#90e0ef", "#caf0f8"] },
} satisfies Record<string, DemoImageSpec>;

export type DemoImageName = keyof typeof demoImages;

/** A page: its header, its picture, and its sections in order, each as header: text (or [text, picture]). */
interface DemoPageSource {
  header: string;
  image?: DemoImageName;
  sections: Record<string, string | [string, DemoImageName]>;
}

const pageSources: Record<PageName, DemoPageSource> = {
  frontpage: {
    header: "Livemusik ved havnen",
    image: "frontpage",
    sections: {
      "Velkommen til Havnescenen": [
        "Havnescenen er et lille spillested i et gammelt pakhus på havnen i Aarhus. Her spiller danske og udenlandske bands hver uge for op til 180 stående gæster, tæt på scenen og med lyd i topklasse.\n\nVi er drevet af folk, der selv spiller, og vi lægger vægt på god lyd, ordentlige forhold for musikerne og en bar med lokale øl.",
        "hall",
      ],
      "Lej salen for en hel dag": [
        "Salen kan lejes for en hel dag til fødselsdage, firmaarrangementer, indspilninger eller øvedage. Du får scene, lys og lydanlæg, bar og garderobe.\n\nSe de ledige dage i kalenderen under Reservation, og læs om priser og vilkår, før du bestiller.",
        "bar",
      ],
      "Musik fra huset":
        "Husets band, Kajens Kvartet, har indspillet to album i salen. Hør dem under Musik, og se optagelser fra koncerterne under Videoer.",
    },
  },
  music: {
    header: "Musik",
    image: "music",
    sections: {
      "Indspillet på Havnescenen":
        "Album og numre indspillet live i salen. Tryk på et nummer for at afspille det i afspilleren.",
    },
  },
  videos: {
    header: "Videoer",
    image: "videos",
    sections: {
      "Fra scenen":
        "Udvalgte optagelser fra koncerter og sessioner på Havnescenen. Videoerne afspilles først, når du trykker på dem.",
    },
  },
  images: {
    header: "Billeder",
    image: "images",
    sections: {
      "Stemninger fra salen":
        "Billeder fra koncerter, private fester og lange aftener i baren. Tryk på et billede for at se det i fuld størrelse.",
    },
  },
  prices: {
    header: "Priser",
    sections: {
      "Leje af salen":
        "Salen lejes pr. dag fra kl. 10 til kl. 02 næste morgen. Prisen afhænger af, hvem der lejer: private, foreninger, virksomheder og offentlige institutioner har hver deres pris, som står øverst på siden.\n\nLokale foreninger får salen til den laveste pris.",
      "Det er inkluderet":
        "Scene på 6 × 4 meter, lydanlæg og lys med grundopsætning, bar med køleskabe, garderobe samt borde og stole til 80 personer.",
      "Depositum og betaling":
        "Ved booking betaler du et depositum på 25 % af lejen. Resten betales senest 30 dage før den første dag; bookes der senere, betales alt med det samme. Vi sender en påmindelse en uge før.",
    },
  },
  practical: {
    header: "Praktisk info",
    image: "practical",
    sections: {
      "Adresse og adgang":
        "Havnescenen ligger på Havnegade 12, 8000 Aarhus C, i det røde pakhus for enden af kajen. Indgangen er fra havnesiden.\n\nDørene åbner normalt en time før koncertstart.",
      "Transport og parkering":
        "Letbanen stopper ved Dokk1 fem minutters gang fra huset. Der er cykelparkering ved indgangen og betalingsparkering i Dokk1's kælder.",
      Tilgængelighed:
        "Der er niveaufri adgang til salen og baren, og der er handicaptoilet i stueetagen. Kontakt os gerne, hvis du har brug for hjælp på dagen.",
      "Kapacitet og teknik":
        "Salen har plads til 180 stående eller 80 siddende gæster. Scenen måler 6 × 4 meter, og der er lydanlæg, lys og backline.",
      Kontakt: "Skriv til booking@havnescenen.dk eller ring på 86 12 34 56 på hverdage mellem kl. 10 og 15.",
    },
  },
  terms: {
    header: "Vilkår",
    sections: {
      Reservation:
        "En reservation gælder en hel kalenderdag. Reservationen er bindende, når betalingen er gennemført, og du har modtaget en bekræftelse på e-mail.",
      Betaling:
        "Ved bestilling betales et depositum på 25 % af lejen; resten betales senest 30 dage før den første dag. Erhverv og offentlige institutioner kan betale på faktura. Alle priser er i danske kroner inklusive moms. Du modtager en kvittering med kvitteringsnummer og momsbeløb for hver betaling.",
      Afbestilling:
        "Afbestilling 30 dage eller mere før den første lejedag: lejen refunderes, dog ikke depositum.\nAfbestilling 14–29 dage før: halvdelen af lejen refunderes.\nAfbestilling under 14 dage før: intet af lejen refunderes.\nEt sikkerhedsdepositum betales altid tilbage. Du afbestiller selv under Mine reservationer indtil 14 dage før; derefter kontakter du os.",
      "Ansvar og husorden":
        "Lejer har ansvaret for gæsterne og for, at salen afleveres i samme stand som ved modtagelsen. Musik skal slutte senest kl. 01 af hensyn til naboerne.",
    },
  },
  "house-rules": {
    header: "Husorden",
    sections: {
      "Musik og naboer":
        "Musikken skal være skruet ned kl. 24 og slukket senest kl. 01. Dørene mod havnen holdes lukkede efter kl. 22.",
      "Rygning og levende lys":
        "Der må ikke ryges i huset. Levende lys kun i de lysestager, der står i salen, og aldrig uden opsyn.",
      "Aflevering af salen":
        "Salen afleveres ryddet, med borde og stole på plads og affaldet i containerne i gården. Slutrengøring kan tilvælges.",
      Ansvar: "Lejer er ansvarlig for gæsterne og for skader på salen og inventaret. Skader meldes til os samme dag.",
    },
  },
  privacy: {
    header: "Privatlivspolitik",
    sections: {
      Dataansvarlig:
        "Havnescenen ApS, Havnegade 12, 8000 Aarhus C, CVR 12345674, er dataansvarlig for de oplysninger, vi behandler om dig. Du kan kontakte os på booking@havnescenen.dk.",
      "Hvilke oplysninger vi behandler":
        "Når du opretter en konto, behandler vi dit navn, din e-mailadresse, og hvis du reserverer, din adresse og dit telefonnummer. Lejer du for en forening, en virksomhed eller en offentlig institution, behandler vi også dens navn, CVR-nummer og, for offentlige institutioner, EAN-nummer og ordre- eller referencenummer. Vi gemmer dine reservationer, de tilvalg, du har valgt, dine betalinger med deres forfaldsdage og de påmindelser, vi har sendt, afregningen af dit sikkerhedsdepositum (hvad vi beholdt og hvorfor), en eventuel afbestilling (hvornår, og hvad den kostede), og din accept af lejekontrakten: den præcise tekst, tidspunktet og din konto.",
      Billetter:
        "Køber du billetter, behandler vi dit navn og din e-mailadresse, ordren med dens billetter, beløb og kvitteringsnummer, og om du har accepteret betingelserne. Du behøver ikke en konto. Ved indgangen registrerer vi, hvornår hver billet blev tjekket ind, og hvem af dørpersonalet der gjorde det. En betalt ordre gemmes med dens billetter, kvitteringen og indtjekningen som andre køb i fem år efter regnskabsårets udløb, også hvis den senere er afbestilt og refunderet. Betaler du ikke, frigives billetterne efter 10 minutter, men ordren med dit navn og din e-mailadresse gemmes, indtil du sletter den fra ordrens side eller beder os om det. Linket til din ordre i e-mailen viser dine billetter, og fra det kan du få alle de billetordrer, der er købt med din e-mailadresse, sendt til den, med de oplysninger, vi gemmer om dem. Fra linket kan du også slette dine oplysninger: en ordre, der ikke er betalt, slettes helt, og på en betalt ordre erstatter vi dit navn og din e-mailadresse med “Slettet køber”, så beløb og kvittering gemmes uden dem. Har ordren gyldige billetter til en koncert, der ikke har været endnu, kan den først slettes efter koncerten. Du kan også skrive til booking@havnescenen.dk fra den e-mailadresse, billetterne blev købt med. Skriver du dig på ventelisten til en udsolgt koncert, gemmer vi dit navn, din e-mailadresse, hvor mange billetter du ønsker, og hvornår du skrev dig op; pladsen slettes, når koncerten har fundet sted, og du kan selv fjerne den fra linket i e-mailen.",
      Nyhedsbrev:
        "Tilmelder du dig nyhedsbrevet, gemmer vi din e-mailadresse, dit navn, hvis du skriver det, hvor og hvornår du tilmeldte dig, den tekst, du sagde ja til, ord for ord, og hvornår du bekræftede. Vi gemmer også, hvilke breve vi har sendt til dig. Retsgrundlaget er dit samtykke, som du kan trække tilbage med ét klik nederst i hvert brev; du behøver ikke logge ind. En adresse, der aldrig bliver bekræftet, og en adresse, der er afmeldt, slettes efter 30 dage. Afviser din mailserver adressen for altid, gemmer vi den som afvist, så vi ikke skriver til den igen, indtil du selv tilmelder dig på ny. De breve, vi har sendt, ligger på siden Tidligere nyhedsbreve uden noget om modtagerne.",
      "Formål og retsgrundlag":
        "Vi bruger oplysningerne til at håndtere din konto, dine reservationer og betalinger (opfyldelse af aftale), til at overholde bogføringsloven (retlig forpligtelse) og, hvis du har sagt ja, til at sende dig nyhedsbrevet (samtykke).",
      "Hvem kan se din adresse":
        "Når du har reserveret og betalt en dag, kan andre brugere, der er logget ind, se din adresse, når de vælger dagen i reservationskalenderen. Dit navn, din e-mailadresse og dit telefonnummer bliver ikke vist. En dag, der kun ligger i din kurv, står blot som optaget, uden oplysninger om dig.",
      Opbevaring:
        "Oplysninger om køb, betalinger, kvitteringer og fakturaer gemmes i fem år efter regnskabsårets udløb, som bogføringsloven kræver, og lejekontrakter lige så længe som bookingen, de hører til; det gælder også, når du sletter din konto. Din konto og dine øvrige oplysninger slettes, når du beder om det.",
      "Dine rettigheder":
        "Du har ret til indsigt i, berigtigelse og sletning af dine oplysninger, og du kan klage til Datatilsynet.",
      Cookies:
        "Vi bruger kun nødvendige cookies: én, der husker dit valg af lyst eller mørkt tema, og én, der holder dig logget ind. Vi bruger ingen cookies til statistik eller markedsføring.",
    },
  },
};

export const demoPages: {
  page: PageName;
  header: string;
  image?: DemoImageName;
  sections: { header: string; text: string; image?: DemoImageName }[];
}[] = Object.entries(pageSources).map(([page, { sections, ...source }]) => ({
  page: page as PageName,
  ...source,
  sections: Object.entries(sections).map(([header, section]) =>
    typeof section === "string" ? { header, text: section } : { header, text: section[0], image: section[1] },
  ),
}));

/** A short generated tune per track (see demo-audio.server.ts): a key, a tempo and a melody in scale steps. */
export interface DemoTune {
  rootHz: number;
  bpm: number;
  steps: number[];
}

export interface DemoTrack {
  title: string;
  text?: string;
  tune: DemoTune;
}

export const demoAlbums: { title: string; artist: string; year: number; image: DemoImageName; tracks: DemoTrack[] }[] =
  [
    {
      title: "Fra kajen",
      artist: "Kajens Kvartet",
      year: 2024,
      image: "coverKajen",
      tracks: [
        {
          title: "Morgen ved molen",
          text: "Indspillet live i salen, maj 2024.",
          tune: { rootHz: 261.63, bpm: 96, steps: [0, 2, 4, 7, 4, 2, 0, 4, 7, 9, 7, 4] },
        },
        { title: "Havnevals", tune: { rootHz: 293.66, bpm: 120, steps: [0, 4, 7, 4, 0, 4, 7, 9, 7, 4, 2, 0] } },
        {
          title: "Sidste færge",
          text: "Tekst og musik: Kajens Kvartet.",
          tune: { rootHz: 220, bpm: 84, steps: [7, 4, 2, 0, 2, 4, 7, 9, 7, 4, 2, 0] },
        },
      ],
    },
    {
      title: "Natlys",
      artist: "Kajens Kvartet",
      year: 2025,
      image: "coverNat",
      tracks: [
        { title: "Natlys", tune: { rootHz: 246.94, bpm: 100, steps: [0, 3, 5, 7, 10, 7, 5, 3, 0, 3, 5, 0] } },
        { title: "Pakhuset", tune: { rootHz: 196, bpm: 132, steps: [0, 0, 7, 7, 5, 5, 3, 3, 0, 5, 3, 0] } },
      ],
    },
    {
      title: "Salt i håret",
      artist: "Ida Strand",
      year: 2026,
      image: "coverSalt",
      tracks: [
        { title: "Salt i håret", tune: { rootHz: 329.63, bpm: 110, steps: [0, 2, 4, 5, 7, 5, 4, 2, 0, 7, 4, 0] } },
        {
          title: "Vestenvind",
          text: "Med Kajens Kvartet som gæster.",
          tune: { rootHz: 277.18, bpm: 90, steps: [4, 2, 0, 2, 4, 4, 4, 2, 2, 4, 7, 7] },
        },
      ],
    },
  ];

export const demoArticles: { header: string; text: string; image: DemoImageName; daysAgo: number }[] = [
  {
    header: "Sommerkoncerter på kajen",
    text: "Fra juni spiller vi udendørs på kajen hver torsdag, når vejret tillader det. Der er gratis adgang, og baren flytter med ud.\n\nProgrammet bliver lagt op her på siden i løbet af foråret.",
    image: "articleSommer",
    daysAgo: 3,
  },
  {
    header: "Ny lydtekniker i huset",
    text: "Vi har fået Jonas med på holdet. Han har mixet lyd for bands i hele landet og står nu for lyden ved vores egne koncerter og ved udlejning, når det ønskes.",
    image: "articleTekniker",
    daysAgo: 12,
  },
  {
    header: "Jazz hver søndag i vinter",
    text: "Søndagsjazzen er tilbage. Fra kl. 15 spiller lokale trioer i baren, og der er kaffe og kage til dem, der kommer tidligt.",
    image: "articleJazz",
    daysAgo: 30,
  },
];

export const demoBanners: { title: string; text: string; range: number; image: DemoImageName }[] = [
  {
    title: "Aftener du husker",
    text: "Tæt på scenen, med lyd i topklasse og plads til 180.",
    range: 30,
    image: "bannerKoncert",
  },
  {
    title: "Salen er din for en dag",
    text: "Lej hele huset til fest, firmadag eller indspilning.",
    range: 50,
    image: "bannerSal",
  },
  {
    title: "Lokale øl i baren",
    text: "Fadøl fra bryggerierne omkring Aarhus, også på hverdage.",
    range: 70,
    image: "bannerBar",
  },
];

export const demoStockImages: { title: string; text: string; image: DemoImageName }[] = [
  { title: "Scenen klar til aften", text: "Lyset er sat, og backline står klar.", image: "stockScene" },
  { title: "Fuldt hus", text: "Publikum tæt på scenen en fredag i november.", image: "stockPublikum" },
  { title: "Baren", text: "Baren med fadøl fra lokale bryggerier.", image: "stockBaren" },
  { title: "Trommerne", text: "Husets trommesæt under lydprøven.", image: "stockTrommer" },
  { title: "Guitarsolo", text: "Kajens Kvartet i fuld gang.", image: "stockGuitar" },
  { title: "Havnen om natten", text: "Udsigten fra indgangen efter koncerten.", image: "stockHavnen" },
];

/** Real, public YouTube video ids; they are only contacted when a visitor presses play. */
export const demoVideos: { title: string; videoId: string }[] = [
  { title: "Koncert i salen (uddrag)", videoId: "aqz-KE-bpKQ" },
  { title: "Lydprøve med Kajens Kvartet", videoId: "ScMzIvxBSi4" },
  { title: "Sådan ser salen ud til en fest", videoId: "jNQXAC9IVRw" },
];

export interface DemoEvent {
  title: string;
  performers: string;
  /** The title of the demo album the concert is about. */
  album?: string;
  /** Days from the day of seeding, and the Copenhagen time it starts. */
  inDays: number;
  time: string;
  doorsOpen?: string;
  room: string;
  /** The price as it stands, every fee included; none for a concert with its own sale, priced from the sale. */
  price?: string;
  ageLimit?: number;
  ticketUrl?: string;
  /** How its tickets are sold: at the link (the default), here (set up by demo-tickets.server.ts) or not at all. */
  ticketSale?: "own" | "none";
  /** "planlagt" (the column's default) when not given. */
  status?: "udsolgt" | "aflyst" | "flyttet";
  /** A moved concert's new day, in days from the day of seeding. */
  movedToInDays?: number;
  description: string;
  image?: DemoImageName;
}

/**
 * The demo venue's programme: some to come (one sold out, one cancelled, one moved), some that have been. One has a
 * picture; the others show their date instead (every picture is encoded at every start of a fresh site and test).
 */
export const demoEvents: DemoEvent[] = [
  {
    title: "Kajens Kvartet: Natlys",
    performers: "Kajens Kvartet",
    album: "Natlys",
    inDays: 4,
    time: "20:00",
    doorsOpen: "19:00",
    room: "Store sal",
    price: "210 kr. inkl. gebyr",
    ticketUrl: "https://billetter.example.com/kajens-kvartet-natlys",
    description:
      "Kajens Kvartet spiller hele det nye album Natlys for første gang live.\n\nFørst på scenen er vinderen af årets spillested-konkurrence.",
    image: "bannerKoncert",
  },
  {
    title: "Nattens Lyd",
    performers: "Nat & Dag, Mira Holm",
    inDays: 11,
    time: "21:00",
    doorsOpen: "20:00",
    room: "Store sal",
    price: "260 kr. inkl. gebyr",
    ageLimit: 18,
    ticketUrl: "https://billetter.example.com/nattens-lyd",
    status: "udsolgt",
    description:
      "Elektronisk pop fra to af de mest omtalte navne i år. Koncerten er udsolgt; hold øje med ekstra billetter.",
  },
  {
    title: "Havnens Julekoncert",
    performers: "Kajens Kvartet, Havnens Kor",
    inDays: 21,
    time: "19:30",
    doorsOpen: "18:45",
    room: "Store sal",
    ticketSale: "own",
    description:
      "Julens sange med kvartet og kor, gløgg i baren fra dørene åbner.\n\nBilletterne købes her på siden og kommer på e-mail med det samme.",
  },
  {
    title: "Jazz-torsdag",
    performers: "Huskvartetten",
    inDays: 17,
    time: "20:30",
    room: "Baren",
    price: "Gratis",
    ticketSale: "none",
    description: "Fri entré. Husets egen kvartet spiller standards, og scenen er åben for gæstesolister efter pausen.",
  },
  {
    title: "Salt & Sol: Sommerturné",
    performers: "Salt & Sol",
    inDays: 24,
    time: "20:00",
    doorsOpen: "19:00",
    room: "Store sal",
    price: "190 kr. inkl. gebyr",
    ticketUrl: "https://billetter.example.com/salt-og-sol",
    status: "aflyst",
    description: "Koncerten er desværre aflyst på grund af sygdom. Købte billetter refunderes automatisk.",
  },
  {
    title: "Havnens Blæsere",
    performers: "Havnens Blæsere",
    inDays: 14,
    time: "19:30",
    room: "Store sal",
    price: "150 kr.",
    ticketUrl: "https://billetter.example.com/havnens-blaesere",
    status: "flyttet",
    movedToInDays: 38,
    description: "Koncerten er flyttet. Købte billetter gælder til den nye dato.",
  },
  {
    title: "Singer-songwriter-aften",
    performers: "Ida Bak, Jonas Lund, Sara Friis",
    inDays: 45,
    time: "20:00",
    doorsOpen: "19:30",
    room: "Baren",
    ticketSale: "own",
    description: "Tre sangskrivere, én scene og historierne bag sangene.",
  },
  {
    title: "Kajens Kvartet: Vinterkoncert",
    performers: "Kajens Kvartet",
    inDays: -9,
    time: "20:00",
    room: "Store sal",
    price: "190 kr. inkl. gebyr",
    description: "Årets vinterkoncert med gæster fra hele havnen.",
  },
  {
    title: "Åben scene",
    performers: "",
    inDays: -23,
    time: "19:00",
    room: "Baren",
    price: "Gratis",
    description: "Alle kan skrive sig på listen ved baren. Tre numre hver.",
  },
  {
    title: "Blæs på Kajen",
    performers: "Havnens Blæsere",
    inDays: -41,
    time: "15:00",
    room: "Store sal",
    price: "100 kr.",
    description: "Eftermiddagskoncert for hele familien.",
  },
];

/** What the hall's bookers can add to the rent, in the order the admin lists them. */
export const demoAddOns: Omit<AddOn, "id">[] = [
  {
    name: "Lydtekniker",
    description:
      "Husets tekniker sætter lyd og lys op, kører lydprøven og passer mixeren hele aftenen. Pr. påbegyndt time.",
    unit: "hour",
    priceOere: 45_000,
    vat: "standard",
    requiredFor: [],
  },
  {
    name: "Slutrengøring",
    description: "Vi gør salen, baren og toiletterne rent efter festen, så I kan gå hjem, når den sidste gæst er gået.",
    unit: "booking",
    priceOere: 150_000,
    vat: "standard",
    requiredFor: ["privat", "forening"],
  },
  {
    name: "Ekstra time efter midnat",
    description: "Salen lukker kl. 24. Med en eller flere ekstra timer har I salen længere, og festen kan fortsætte.",
    unit: "hour",
    priceOere: 80_000,
    // More hours in the hall are more letting: the rent's moms (decision 054).
    vat: "as-rent",
    requiredFor: [],
  },
  {
    name: "Opstilling af borde og stole",
    description: "Vi stiller borde og stole op efter jeres bordplan før ankomst og tager dem ned igen bagefter.",
    unit: "booking",
    priceOere: 60_000,
    vat: "standard",
    requiredFor: [],
  },
];
