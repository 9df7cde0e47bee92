/**
 * A health condition's class (./health-classes.ts) named in the other languages the tagger reads, as the label a
 * bracketed generalization carries there ("Ich habe COPD" → "Ich habe [Lungen- oder Atemwegserkrankung]"): the
 * answer stays about the right body system in every language, as it does in English. Translated for Veil from
 * the English phrases of data/health-classes.json; the keys are those phrases.
 */
type Words = readonly [de: string, fr: string, es: string, pt: string, it: string];

// prettier-ignore
const CLASS_WORDS: Readonly<Record<string, Words>> = {
  'a metabolic condition': ['Stoffwechselerkrankung', 'maladie métabolique', 'enfermedad metabólica', 'doença metabólica', 'malattia metabolica'],
  'a bacterial infection': ['bakterielle Infektion', 'infection bactérienne', 'infección bacteriana', 'infecção bacteriana', 'infezione batterica'],
  'a benign tumour': ['gutartiger Tumor', 'tumeur bénigne', 'tumor benigno', 'tumor benigno', 'tumore benigno'],
  'a bone development condition': ['Knochenentwicklungsstörung', 'trouble du développement osseux', 'trastorno del desarrollo óseo', 'distúrbio do desenvolvimento ósseo', "disturbo dello sviluppo osseo"],
  'a bone or joint condition': ['Knochen- oder Gelenkerkrankung', 'maladie des os ou des articulations', 'enfermedad de huesos o articulaciones', 'doença dos ossos ou articulações', 'malattia di ossa o articolazioni'],
  'a brain condition': ['Erkrankung des Gehirns', 'maladie du cerveau', 'enfermedad cerebral', 'doença cerebral', 'malattia cerebrale'],
  'a type of cancer': ['Krebserkrankung', 'cancer', 'cáncer', 'câncer', 'tumore maligno'],
  'a heart or circulation condition': ['Herz-Kreislauf-Erkrankung', 'maladie cardiovasculaire', 'enfermedad cardiovascular', 'doença cardiovascular', 'malattia cardiovascolare'],
  'a brain or spinal cord cancer': ['Krebs von Gehirn oder Rückenmark', 'cancer du cerveau ou de la moelle épinière', 'cáncer de cerebro o médula espinal', 'câncer do cérebro ou da medula espinhal', 'tumore di cervello o midollo spinale'],
  'a neurological condition': ['neurologische Erkrankung', 'maladie neurologique', 'enfermedad neurológica', 'doença neurológica', 'malattia neurologica'],
  'a connective tissue cancer': ['Bindegewebskrebs', 'cancer du tissu conjonctif', 'cáncer del tejido conectivo', 'câncer do tecido conjuntivo', 'tumore del tessuto connettivo'],
  'a connective tissue condition': ['Bindegewebserkrankung', 'maladie du tissu conjonctif', 'enfermedad del tejido conectivo', 'doença do tecido conjuntivo', 'malattia del tessuto connettivo'],
  'a developmental condition': ['Entwicklungsstörung', 'trouble du développement', 'trastorno del desarrollo', 'transtorno do desenvolvimento', 'disturbo dello sviluppo'],
  'a viral infection': ['Virusinfektion', 'infection virale', 'infección viral', 'infecção viral', 'infezione virale'],
  'a circulatory condition': ['Kreislauferkrankung', 'maladie circulatoire', 'enfermedad circulatoria', 'doença circulatória', 'malattia circolatoria'],
  'an infection': ['Infektion', 'infection', 'infección', 'infecção', 'infezione'],
  'a health condition': ['Erkrankung', 'problème de santé', 'problema de salud', 'problema de saúde', 'problema di salute'],
  // A clinician or a clinic's specialty read as a special category (`CLINICIAN` in ./wording-in-place.ts).
  'a doctor': ['Arzt', 'médecin', 'médico', 'médico', 'medico'],
  'a doctor (she)': ['Ärztin', 'médecin', 'médica', 'médica', 'dottoressa'],
  'a medical specialty': ['Fachrichtung', 'spécialité médicale', 'especialidad médica', 'especialidade médica', 'specialità medica'],
  'a tumour': ['Tumorerkrankung', 'tumeur', 'tumor', 'tumor', 'tumore'],
  'a mental health condition': ['psychische Erkrankung', 'trouble psychique', 'problema de salud mental', 'problema de saúde mental', 'problema di salute mentale'],
  'a hormonal condition': ['Hormonstörung', 'trouble hormonal', 'trastorno hormonal', 'distúrbio hormonal', 'disturbo ormonale'],
  'an eye condition': ['Augenerkrankung', 'maladie des yeux', 'enfermedad ocular', 'doença ocular', 'malattia degli occhi'],
  'a gynaecological cancer': ['gynäkologische Krebserkrankung', 'cancer gynécologique', 'cáncer ginecológico', 'câncer ginecológico', 'tumore ginecologico'],
  'a gynaecological condition': ['gynäkologische Erkrankung', 'problème gynécologique', 'problema ginecológico', 'problema ginecológico', 'problema ginecologico'],
  'a digestive system cancer': ['Krebs des Verdauungstrakts', 'cancer digestif', 'cáncer del aparato digestivo', 'câncer do aparelho digestivo', "tumore dell'apparato digerente"],
  'a digestive condition': ['Erkrankung des Verdauungstrakts', 'maladie digestive', 'enfermedad digestiva', 'doença digestiva', "malattia dell'apparato digerente"],
  'a genetic condition': ['genetische Erkrankung', 'maladie génétique', 'enfermedad genética', 'doença genética', 'malattia genetica'],
  'a blood cancer': ['Blutkrebs', 'cancer du sang', 'cáncer de la sangre', 'câncer do sangue', 'tumore del sangue'],
  'a blood condition': ['Bluterkrankung', 'maladie du sang', 'enfermedad de la sangre', 'doença do sangue', 'malattia del sangue'],
  'an immune system condition': ['Erkrankung des Immunsystems', 'maladie du système immunitaire', 'enfermedad del sistema inmunitario', 'doença do sistema imunológico', 'malattia del sistema immunitario'],
  'a skin, hair or nail condition': ['Haut-, Haar- oder Nagelerkrankung', 'maladie de la peau, des cheveux ou des ongles', 'enfermedad de piel, cabello o uñas', 'doença de pele, cabelo ou unhas', 'malattia di pelle, capelli o unghie'],
  'an intellectual disability': ['geistige Behinderung', 'déficience intellectuelle', 'discapacidad intelectual', 'deficiência intelectual', 'disabilità intellettiva'],
  'a lung or airway condition': ['Lungen- oder Atemwegserkrankung', 'maladie des poumons ou des voies respiratoires', 'enfermedad pulmonar o de las vías respiratorias', 'doença pulmonar ou das vias respiratórias', 'malattia di polmoni o vie respiratorie'],
  'a muscle condition': ['Muskelerkrankung', 'maladie musculaire', 'enfermedad muscular', 'doença muscular', 'malattia muscolare'],
  'a bone or muscle cancer': ['Knochen- oder Muskelkrebs', 'cancer des os ou des muscles', 'cáncer de hueso o músculo', 'câncer de osso ou músculo', 'tumore di ossa o muscoli'],
  'a bone, joint or muscle condition': ['Erkrankung von Knochen, Gelenken oder Muskeln', 'maladie des os, articulations ou muscles', 'enfermedad de huesos, articulaciones o músculos', 'doença de ossos, articulações ou músculos', 'malattia di ossa, articolazioni o muscoli'],
  'a nervous system cancer': ['Krebs des Nervensystems', 'cancer du système nerveux', 'cáncer del sistema nervioso', 'câncer do sistema nervoso', 'tumore del sistema nervoso'],
  'a nerve condition': ['Nervenerkrankung', 'maladie des nerfs', 'enfermedad de los nervios', 'doença dos nervos', 'malattia dei nervi'],
  'a skeletal condition': ['Skeletterkrankung', 'maladie du squelette', 'enfermedad esquelética', 'doença esquelética', 'malattia scheletrica'],
  'a parasitic infection': ['parasitäre Infektion', 'infection parasitaire', 'infección parasitaria', 'infecção parasitária', 'infezione parassitaria'],
  'a congenital condition': ['angeborene Erkrankung', 'maladie congénitale', 'enfermedad congénita', 'doença congênita', 'malattia congenita'],
  'a benign reproductive organ tumour': ['gutartiger Tumor der Geschlechtsorgane', "tumeur bénigne d'un organe reproducteur", 'tumor benigno de un órgano reproductor', 'tumor benigno de órgão reprodutor', "tumore benigno di un organo riproduttivo"],
  'a reproductive organ cancer': ['Krebs der Geschlechtsorgane', "cancer d'un organe reproducteur", 'cáncer de un órgano reproductor', 'câncer de órgão reprodutor', 'tumore di un organo riproduttivo'],
  'a reproductive health condition': ['Erkrankung der Geschlechtsorgane', 'problème de santé reproductive', 'problema de salud reproductiva', 'problema de saúde reprodutiva', 'problema di salute riproduttiva'],
  'a respiratory cancer': ['Krebs der Atemwege', 'cancer respiratoire', 'cáncer respiratorio', 'câncer respiratório', 'tumore respiratorio'],
  'a respiratory condition': ['Atemwegserkrankung', 'maladie respiratoire', 'enfermedad respiratoria', 'doença respiratória', 'malattia respiratoria'],
  'an eye or ear condition': ['Augen- oder Ohrenerkrankung', "maladie des yeux ou de l'oreille", 'enfermedad de ojos u oídos', 'doença dos olhos ou ouvidos', "malattia di occhi o orecchie"],
  'a skin condition': ['Hauterkrankung', 'maladie de peau', 'enfermedad de la piel', 'doença de pele', 'malattia della pelle'],
  'a kidney or bladder cancer': ['Nieren- oder Blasenkrebs', 'cancer du rein ou de la vessie', 'cáncer de riñón o vejiga', 'câncer de rim ou bexiga', 'tumore di rene o vescica'],
  'a kidney or urinary condition': ['Nieren- oder Harnwegserkrankung', 'maladie des reins ou des voies urinaires', 'enfermedad renal o urinaria', 'doença renal ou urinária', 'malattia di reni o vie urinarie'],
  // Medicines' classes (./medication-classes.ts, data/medication-classes.json).
  'an addiction': ['Sucht', 'addiction', 'adicción', 'vício', 'dipendenza'],
  'a blood thinner': ['Blutverdünner', 'anticoagulant', 'anticoagulante', 'anticoagulante', 'anticoagulante'],
  'a blood-pressure medicine': ['Blutdruckmittel', 'médicament contre la tension', 'medicamento para la tensión', 'remédio para pressão', 'farmaco per la pressione'],
  'a cancer medicine': ['Krebsmedikament', 'médicament anticancéreux', 'medicamento contra el cáncer', 'medicamento contra o câncer', 'farmaco antitumorale'],
  'a cholesterol medicine': ['Cholesterinsenker', 'médicament contre le cholestérol', 'medicamento para el colesterol', 'remédio para colesterol', 'farmaco per il colesterolo'],
  'a diabetes medicine': ['Diabetesmedikament', 'antidiabétique', 'antidiabético', 'remédio para diabetes', 'farmaco antidiabetico'],
  'a diuretic': ['Diuretikum', 'diurétique', 'diurético', 'diurético', 'diuretico'],
  'a heart-rhythm medicine': ['Medikament gegen Herzrhythmusstörungen', 'antiarythmique', 'antiarrítmico', 'antiarrítmico', 'antiaritmico'],
  'a painkiller': ['Schmerzmittel', 'antidouleur', 'analgésico', 'analgésico', 'antidolorifico'],
  'a sedative': ['Beruhigungsmittel', 'calmant', 'sedante', 'calmante', 'calmante'],
  'a steroid': ['Kortisonpräparat', 'corticoïde', 'corticoide', 'corticoide', 'cortisonico'],
  'a stimulant': ['Stimulans', 'stimulant', 'estimulante', 'estimulante', 'stimolante'],
  'an anti-inflammatory medicine': ['Entzündungshemmer', 'anti-inflammatoire', 'antiinflamatorio', 'anti-inflamatório', 'antinfiammatorio'],
  'an anti-seizure medicine': ['Antiepileptikum', 'antiépileptique', 'antiepiléptico', 'antiepiléptico', 'antiepilettico'],
  'an antibiotic': ['Antibiotikum', 'antibiotique', 'antibiótico', 'antibiótico', 'antibiotico'],
  'an antidepressant': ['Antidepressivum', 'antidépresseur', 'antidepresivo', 'antidepressivo', 'antidepressivo'],
  'an antihistamine': ['Antihistaminikum', 'antihistaminique', 'antihistamínico', 'anti-histamínico', 'antistaminico'],
  'an antiparasitic medicine': ['Mittel gegen Parasiten', 'antiparasitaire', 'antiparasitario', 'antiparasitário', 'antiparassitario'],
  'an antipsychotic': ['Antipsychotikum', 'antipsychotique', 'antipsicótico', 'antipsicótico', 'antipsicotico'],
  'an antiviral': ['antivirales Medikament', 'antiviral', 'antiviral', 'antiviral', 'antivirale'],
  'an asthma medicine': ['Asthmamedikament', 'médicament contre l’asthme', 'medicamento para el asma', 'remédio para asma', "farmaco per l'asma"],
  'an immunosuppressant': ['Immunsuppressivum', 'immunosuppresseur', 'inmunosupresor', 'imunossupressor', 'immunosoppressore'],
  'an opioid': ['Opioid', 'opioïde', 'opioide', 'opioide', 'oppioide'],
};

const LANGUAGES = ['de', 'fr', 'es', 'pt', 'it'] as const;

/** The class `phrase` (English, from ./health-classes.ts) in `language`, or undefined (English, or not translated). */
export function classWords(phrase: string, language: string): string | undefined {
  const at = LANGUAGES.indexOf(language as (typeof LANGUAGES)[number]);
  return at < 0 ? undefined : CLASS_WORDS[phrase]?.[at];
}

/** Every class phrase this file translates (for the test that none of data/health-classes.json or data/medication-classes.json is missing). */
export const TRANSLATED = Object.keys(CLASS_WORDS);
