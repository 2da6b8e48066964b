import { escapeHtml as enc, type JournalFlags } from '@journal/contracts';

/** Fixed demo content for the two demo journals (what `npm start` and the e2e stack show). */

export interface DemoJournalSpec {
  slug: string;
  hosts: string[];
  websitename: string;
  formatted_journal_name: string;
  websiteemail: string;
  whatsup_number: string;
  year_started: string;
  issn: string;
  journal_essn: string;
  nassScore: string;
  nassScoreYear: string;
  impactfactor: string;
  google_review_link: string;
  home_content: string;
  flags: JournalFlags;
  doi_prefix: string;
  doi_suffix_pattern: string;
  /** docs/product.md#licences: the journal's default licence URL. */
  license: string;
  refBase: number;
  colors: { primary: [number, number, number]; secondary: [number, number, number] };
  subjects: string[];
  topics: string[];
}


export const DEMO_JOURNALS: DemoJournalSpec[] = [
  {
    slug: 'demo',
    hosts: ['localhost', '127.0.0.1'],
    websitename: 'International Journal of Applied Research and Studies',
    formatted_journal_name: 'International Journal of <br />Applied Research and Studies',
    websiteemail: 'editor@appliedresearchjournal.example',
    whatsup_number: '919876543210',
    year_started: '2020',
    issn: '2456-1001',
    journal_essn: '2456-1002',
    nassScore: '4.12',
    nassScoreYear: '2025',
    impactfactor: 'Impact Factor: 5.24',
    google_review_link: 'https://g.page/r/applied-research-journal/review',
    home_content: enc(
      '<h3>About the Journal</h3><p>The <strong>International Journal of Applied Research and Studies</strong> is a peer-reviewed, open access journal publishing original research in agriculture, life sciences, engineering and the social sciences.</p><p>All submissions are reviewed by at least two independent referees. Accepted articles are published online within the current issue.</p><ul><li>Double-blind peer review</li><li>Open access under CC BY 4.0</li><li>Indexed in major scholarly databases</li></ul>',
    ),
    flags: {
      showSubject: true,
      hideOwnerNotice: false,
      showEditorContacts: true,
      showJournalList: true,
      showNaas: true,
      banner: 'header',
      coverImage: 'cover.png',
      journalListLink: 'https://journals.example/list',
      ownerNotice: 'This journal is owned and published by Applied Research Publications, New Delhi.',
      ownerLink: 'https://publisher.example',
      showUsageStats: true,
    },
    // Crossref's test prefix: DOIs under it are never registered for real.
    doi_prefix: '10.5555',
    doi_suffix_pattern: 'ijars.{year}.v{volume}.i{issue}.{refnumber}',
    license: 'https://creativecommons.org/licenses/by/4.0/',
    refBase: 1000,
    colors: { primary: [26, 82, 118], secondary: [72, 160, 200] },
    subjects: ['Agronomy', 'Plant Pathology', 'Soil Science', 'Horticulture', 'Entomology', 'Genetics'],
    topics: [
      'Effect of organic manures on growth and yield of wheat',
      'Screening of rice genotypes for drought tolerance',
      'Management of <i>Fusarium oxysporum</i> wilt in tomato',
      'Soil nutrient status of rainfed farms in central India',
      'Impact of drip irrigation on water use efficiency in sugarcane',
      'Biology of <i>Helicoverpa armigera</i> on chickpea',
      'Genetic variability in mustard germplasm',
      'Post-harvest losses of mango in local markets',
      'Role of mycorrhiza in phosphorus uptake of maize',
      'Yield gap analysis of pulses in semi-arid regions',
      'Weed dynamics under zero tillage wheat',
      'Nutritional quality of millets grown in hill regions',
      'Performance of bio-fertilizers on okra',
      'Adoption of integrated pest management by smallholders',
      'Heavy metal accumulation in vegetables irrigated with wastewater',
      'Seed priming effects on germination of soybean',
      'Economics of protected cultivation of capsicum',
      'Climate variability and cropping patterns in the Indo-Gangetic plains',
      'Efficacy of neem extracts against aphids in cotton',
      'Soil organic carbon under long-term fertilisation',
      'Evaluation of banana cultivars for yield traits',
      'Stability analysis of pearl millet hybrids',
      'Fodder yield of oats under different cutting schedules',
      'Knowledge level of farmers about soil health cards',
      'Effect of plant growth regulators on flowering of marigold',
      'Population dynamics of whitefly in brinjal',
      'Correlation and path analysis in chickpea',
      'Residue management effects on soil microbial biomass',
      'Floral biology of guava under subtropical conditions',
      'Market integration of onion prices in major markets',
      'Combining ability for yield in maize inbreds',
      'Water quality of village ponds used for irrigation',
      'Efficacy of <em>Trichoderma</em> formulations in chilli',
      'Growth of mushroom on different agro-wastes',
      'Response of groundnut to gypsum application',
      'Livelihood diversification of rural households',
    ],
  },
  {
    slug: 'chem',
    hosts: ['chem.localhost'],
    websitename: 'International Journal of Chemical Science Research',
    formatted_journal_name: 'International Journal of <br />Chemical Science Research',
    websiteemail: 'editor@chemsciencejournal.example',
    whatsup_number: '918765432109',
    year_started: '2018',
    issn: '2349-2001',
    journal_essn: '2349-2002',
    nassScore: '3.85',
    nassScoreYear: '2025',
    impactfactor: 'Impact Factor: 4.61',
    google_review_link: 'https://g.page/r/chem-science-journal/review',
    home_content: enc(
      '<h3>Aims and Scope</h3><p>The <strong>International Journal of Chemical Science Research</strong> publishes peer-reviewed research in organic, inorganic, physical, analytical and environmental chemistry.</p><p>Manuscripts are reviewed within three weeks and published in the next quarterly issue.</p>',
    ),
    flags: {
      showSubject: false,
      hideOwnerNotice: true,
      showEditorContacts: false,
      showJournalList: false,
      showNaas: false,
      banner: 'sitename',
      coverImage: 'cover.png',
      journalListLink: '',
      ownerNotice: '',
      ownerLink: '',
      showUsageStats: false,
    },
    doi_prefix: '',
    doi_suffix_pattern: '',
    license: 'https://creativecommons.org/licenses/by-nc/4.0/',
    refBase: 5000,
    colors: { primary: [110, 38, 64], secondary: [214, 120, 90] },
    subjects: ['Organic Chemistry', 'Inorganic Chemistry', 'Physical Chemistry', 'Analytical Chemistry', 'Environmental Chemistry', 'Polymer Chemistry'],
    topics: [
      'Green synthesis of silver nanoparticles using leaf extracts',
      'Spectrophotometric determination of iron in groundwater',
      'Kinetics of oxidation of alcohols by chromium(VI)',
      'Synthesis and characterisation of Schiff base complexes of copper',
      'Adsorption of methylene blue on activated carbon from coconut shell',
      'Corrosion inhibition of mild steel by plant extracts in acid medium',
      'Fluoride removal from drinking water using alumina',
      'Physicochemical analysis of river water near industrial sites',
      'Microwave assisted synthesis of chalcones',
      'Thermal analysis of biodegradable polymer blends',
      'Electrochemical sensing of dopamine on modified electrodes',
      'Heavy metal profiling of soils by atomic absorption spectroscopy',
      'Photocatalytic degradation of dyes with zinc oxide',
      'Antioxidant activity of flavonoids from <i>Moringa oleifera</i>',
      'Viscometric study of binary liquid mixtures',
      'Synthesis of triazole derivatives and their antimicrobial activity',
      'Determination of pesticide residues in vegetables by GC-MS',
      'Sol-gel preparation of titanium dioxide thin films',
      'Conductometric study of surfactant micellization',
      'Ion exchange properties of a new composite material',
      'Quantum chemical study of substituted benzoic acids',
      'Biosorption of lead by algal biomass',
      'Chemical composition of essential oil of <em>Ocimum sanctum</em>',
      'Stability constants of metal complexes of amino acids',
      'Air quality assessment of particulate matter in an urban area',
      'Synthesis of coumarin derivatives under solvent-free conditions',
      'Fourier transform infrared study of hydrogen bonding in alcohols',
      'Removal of chromium from tannery effluent',
      'Catalytic hydrogenation over nickel nanoparticles',
      'Phytochemical screening of medicinal plants of the Western Ghats',
      'Ultrasonic studies of electrolyte solutions',
      'Determination of caffeine in beverages by HPLC',
      'Thermodynamics of adsorption of phenol on clay',
      'Synthesis of polyaniline composites for supercapacitors',
      'Nitrate contamination of groundwater in agricultural areas',
      'Chelating resins for recovery of precious metals',
    ],
  },
];

export const AUTHOR_POOL = [
  'Dr. Anil Kumar Sharma', 'Priya Verma', 'Rajesh Singh', 'Dr. Meena Gupta', 'Suresh Patel', 'Kavita Rao',
  'Amit Mishra', 'Dr. Sunita Yadav', 'Vikram Chauhan', 'Neha Joshi', 'Arjun Reddy', 'Pooja Nair',
  'Dr. Ramesh Iyer', 'Deepa Menon', 'Sanjay Tiwari', 'Anjali Dubey', 'Manoj Pandey', 'Ritu Saxena',
  'Harish Bhat', 'Lakshmi Pillai', 'Gaurav Mehta', 'Swati Kulkarni', 'Rohit Agarwal', 'Divya Krishnan',
];

export const COUNTRIES = ['India', 'India', 'India', 'Nepal', 'Bangladesh', 'Sri Lanka', 'Nigeria', 'Ethiopia'];

/** Quarterly months, stored lower-case as the admin's frequency list does. */
export const QUARTER_MONTHS = ['january-march', 'april-june', 'july-september', 'october-december'];

export interface DemoEditorSpec {
  name: string;
  category: 'chief editor' | 'associate editor' | 'assistant editor';
  post: string;
  content: string;
  degree: string;
  country: string;
  picture?: string;
  status?: 'enabled' | 'disabled';
  is_pinned?: 0 | 1;
}

export const EDITORS: DemoEditorSpec[] = [
  { name: 'Dr. Vinod Kumar Singh', category: 'chief editor', post: 'Professor', content: 'Department of Agronomy, Banaras Hindu University, Varanasi, Uttar Pradesh, India', degree: 'Ph.D.', country: 'India', picture: 'chief.png' },
  { name: 'Dr. Rekha Sharma', category: 'associate editor', post: 'Associate Professor', content: 'Department of Botany, University of Delhi, New Delhi, India', degree: 'Ph.D.', country: 'India', picture: 'associate-1.png', is_pinned: 1 },
  { name: 'Dr. Mohammed Rahman', category: 'associate editor', post: 'Professor', content: 'Department of Soil Science, Bangladesh Agricultural University, Mymensingh, Bangladesh', degree: 'Ph.D.', country: 'Bangladesh' },
  { name: 'Dr. Sarah Thompson', category: 'associate editor', post: 'Scientist', content: 'Centre for Crop Research, Nairobi, Kenya', degree: 'Ph.D.', country: 'Kenya' },
  { name: 'Dr. Prakash Joshi', category: 'assistant editor', post: 'Assistant Professor', content: 'Department of Chemistry, Tribhuvan University, Kathmandu, Nepal', degree: 'M.Sc., Ph.D.', country: 'Nepal', picture: 'assistant-1.png' },
  { name: 'Dr. Anita Desai', category: 'assistant editor', post: 'Lecturer', content: 'Department of Zoology, University of Mumbai, Maharashtra, India', degree: 'M.Phil.', country: 'India' },
  { name: 'Dr. Kiran Bedi Rao', category: 'assistant editor', post: 'Head', content: 'Department of Statistics, Osmania University, Hyderabad, India', degree: 'Ph.D.', country: 'India', status: 'disabled' },
];

export interface DemoIndexingSpec {
  title: string;
  link: string;
  image: string;
  color: string;
  kind: 'svg' | 'png';
  sortnumber: number;
  status?: 'enabled' | 'disabled';
}

export const INDEXING: DemoIndexingSpec[] = [
  { title: 'Google Scholar', link: 'https://scholar.google.com/', image: 'google-scholar.svg', color: '#4285f4', kind: 'svg', sortnumber: 1 },
  { title: 'Crossref', link: 'https://www.crossref.org/', image: 'crossref.svg', color: '#3eb1c8', kind: 'svg', sortnumber: 2 },
  { title: 'Index Copernicus', link: 'https://indexcopernicus.com/', image: 'index-copernicus.png', color: '#1d4f91', kind: 'png', sortnumber: 4 },
  { title: 'ResearchGate', link: 'https://www.researchgate.net/', image: 'researchgate.svg', color: '#00ccbb', kind: 'svg', sortnumber: 3 },
  { title: 'Scientific Journal Impact Factor', link: 'https://sjifactor.com/', image: 'sjif.png', color: '#8a1538', kind: 'png', sortnumber: 5 },
  { title: 'Old Directory', link: 'https://old-directory.example/', image: 'old-directory.svg', color: '#888888', kind: 'svg', sortnumber: 6, status: 'disabled' },
];
