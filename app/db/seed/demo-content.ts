import type { PageName } from "~/db/schema";
import type { DemoImageSpec } from "./demo-images.server";

/** The demo venue: a believable, fictional Danish venue that also rents out its hall by the day. */
export const demoSettings = {
  siteName: "Havnescenen",
  tagline: "Livemusik og en sal til leje ved havnen i Aarhus",
  businessName: "Havnescenen ApS",
  streetAddress: "Havnegade 12",
  postalCode: "8000",
  city: "Aarhus C",
  email: "booking@havnescenen.dk",
  phone: "+45 86 12 34 56",
  cvr: "12345678",
};

const hero = { width: 1600, height: 900 };
const section = { width: 960, height: 640 };

export const demoImages = {
  frontpage: { ...hero, from: "#1b1035", to: "#0d3b4f", lights: ["#ff9f43", "#ee5a9b", "#48dbfb"] },
  music: { ...hero, from: "#2d0f1f", to: "#14213d", lights: ["#fca311", "#e5e5e5"] },
  videos: { ...hero, from: "#0b132b", to: "#3a0ca3", lights: ["#4cc9f0", "#f72585", "#b5179e"] },
  images: { ...hero, from: "#1d3557", to: "#0b090a", lights: ["#f1faee", "#a8dadc"] },
  practical: { ...hero, from: "#133c55", to: "#0b1d26", lights: ["#ffd166"] },
  hall: { ...section, from: "#3c096c", to: "#10002b", lights: ["#ff6d00", "#ff9e00", "#c77dff"] },
  bar: { ...section, from: "#432818", to: "#1b1b1e", lights: ["#ffb703", "#fb8500"] },
} satisfies Record<string, DemoImageSpec>;

export type DemoImageName = keyof typeof demoImages;

interface DemoSection {
  header: string;
  text: string;
  image?: DemoImageName;
}

interface DemoPage {
  page: PageName;
  header: string;
  image?: DemoImageName;
  sections: DemoSection[];
}

export const demoPages: DemoPage[] = [
  {
    page: "frontpage",
    header: "Livemusik ved havnen",
    image: "frontpage",
    sections: [
      {
        header: "Velkommen til Havnescenen",
        text: "Havnescenen er et lille spillested i et gammelt pakhus på havnen i Aarhus. Her spiller danske og udenlandske bands hver uge for op til 180 stående gæster, tæt på scenen og med lyd i topklasse.\n\nVi er drevet af folk, der selv spiller, og vi lægger vægt på god lyd, ordentlige forhold for musikerne og en bar med lokale øl.",
        image: "hall",
      },
      {
        header: "Lej salen for en hel dag",
        text: "Salen kan lejes for en hel dag til fødselsdage, firmaarrangementer, indspilninger eller øvedage. Du får scene, lys og lydanlæg, bar og garderobe.\n\nSe de ledige dage i kalenderen under Reservation, og læs om priser og vilkår, før du bestiller.",
        image: "bar",
      },
      {
        header: "Musik fra huset",
        text: "Husets band, Kajens Kvartet, har indspillet to album i salen. Hør dem under Musik, og se optagelser fra koncerterne under Videoer.",
      },
    ],
  },
  {
    page: "music",
    header: "Musik",
    image: "music",
    sections: [
      {
        header: "Indspillet på Havnescenen",
        text: "Album og numre indspillet live i salen. Tryk på et nummer for at afspille det i afspilleren.",
      },
    ],
  },
  {
    page: "videos",
    header: "Videoer",
    image: "videos",
    sections: [
      {
        header: "Fra scenen",
        text: "Udvalgte optagelser fra koncerter og sessioner på Havnescenen. Videoerne afspilles først, når du trykker på dem.",
      },
    ],
  },
  {
    page: "images",
    header: "Billeder",
    image: "images",
    sections: [
      {
        header: "Stemninger fra salen",
        text: "Billeder fra koncerter, private fester og lange aftener i baren. Tryk på et billede for at se det i fuld størrelse.",
      },
    ],
  },
  {
    page: "prices",
    header: "Priser",
    sections: [
      {
        header: "Leje af salen",
        text: "Salen lejes pr. dag fra kl. 10 til kl. 02 næste morgen.\n\nMandag til torsdag og søndag: 4.500 kr. pr. dag.\nFredag og lørdag samt helligdage: 6.500 kr. pr. dag.\n\nAlle priser er inklusive 25 % moms.",
      },
      {
        header: "Det er inkluderet",
        text: "Scene på 6 × 4 meter, lydanlæg og lys med grundopsætning, bar med køleskabe, garderobe, borde og stole til 80 personer samt slutrengøring.",
      },
      {
        header: "Tilkøb",
        text: "Lydtekniker: 450 kr. i timen.\nBartender: 350 kr. i timen.\nEkstra rengøring efter særlige arrangementer: 1.200 kr.",
      },
    ],
  },
  {
    page: "practical",
    header: "Praktisk info",
    image: "practical",
    sections: [
      {
        header: "Adresse og adgang",
        text: "Havnescenen ligger på Havnegade 12, 8000 Aarhus C, i det røde pakhus for enden af kajen. Indgangen er fra havnesiden.\n\nDørene åbner normalt en time før koncertstart.",
      },
      {
        header: "Transport og parkering",
        text: "Letbanen stopper ved Dokk1 fem minutters gang fra huset. Der er cykelparkering ved indgangen og betalingsparkering i Dokk1's kælder.",
      },
      {
        header: "Tilgængelighed",
        text: "Der er niveaufri adgang til salen og baren, og der er handicaptoilet i stueetagen. Kontakt os gerne, hvis du har brug for hjælp på dagen.",
      },
      {
        header: "Kapacitet og teknik",
        text: "Salen har plads til 180 stående eller 80 siddende gæster. Scenen måler 6 × 4 meter, og der er lydanlæg, lys og backline.",
      },
      {
        header: "Kontakt",
        text: "Skriv til booking@havnescenen.dk eller ring på 86 12 34 56 på hverdage mellem kl. 10 og 15.",
      },
    ],
  },
  {
    page: "terms",
    header: "Vilkår",
    sections: [
      {
        header: "Reservation",
        text: "En reservation gælder en hel kalenderdag. Reservationen er bindende, når betalingen er gennemført, og du har modtaget en bekræftelse på e-mail.",
      },
      {
        header: "Betaling",
        text: "Lejen betales fuldt ved bestilling. Alle priser er i danske kroner inklusive moms. Du modtager en kvittering med kvitteringsnummer og momsbeløb.",
      },
      {
        header: "Afbestilling",
        text: "Afbestilling senest 30 dage før lejedagen: hele beløbet refunderes.\nAfbestilling 14–29 dage før: halvdelen refunderes.\nAfbestilling under 14 dage før: intet refunderes.",
      },
      {
        header: "Ansvar og husorden",
        text: "Lejer har ansvaret for gæsterne og for, at salen afleveres i samme stand som ved modtagelsen. Musik skal slutte senest kl. 01 af hensyn til naboerne.",
      },
    ],
  },
  {
    page: "privacy",
    header: "Privatlivspolitik",
    sections: [
      {
        header: "Dataansvarlig",
        text: "Havnescenen ApS, Havnegade 12, 8000 Aarhus C, CVR 12345678, er dataansvarlig for de oplysninger, vi behandler om dig. Du kan kontakte os på booking@havnescenen.dk.",
      },
      {
        header: "Hvilke oplysninger vi behandler",
        text: "Når du opretter en konto, behandler vi dit navn, din e-mailadresse, og hvis du reserverer, din adresse og dit telefonnummer. Vi gemmer dine reservationer og betalinger.",
      },
      {
        header: "Formål og retsgrundlag",
        text: "Vi bruger oplysningerne til at håndtere din konto, dine reservationer og betalinger (opfyldelse af aftale) og til at overholde bogføringsloven (retlig forpligtelse).",
      },
      {
        header: "Opbevaring",
        text: "Oplysninger om køb gemmes i fem år efter regnskabsårets udløb, som bogføringsloven kræver. Din konto slettes, når du beder om det.",
      },
      {
        header: "Dine rettigheder",
        text: "Du har ret til indsigt i, berigtigelse og sletning af dine oplysninger, og du kan klage til Datatilsynet.",
      },
      {
        header: "Cookies",
        text: "Vi bruger kun nødvendige cookies: én, der husker dit valg af lyst eller mørkt tema, og én, der holder dig logget ind. Vi bruger ingen cookies til statistik eller markedsføring.",
      },
    ],
  },
];
