/**
 * Everyday names that the official lists in data/ lack (data/README.md "Known gaps"): short forms, former
 * names, constituent countries and a few places that M49 does not list (Taiwan, Kosovo). Hand-written;
 * each maps to the UN M49 sub-region its place belongs to, so no political statement about statehood is
 * made beyond what the sub-region says. Reviewable here because lexicon hits raise scores.
 */
// prettier-ignore
export const PLACE_ALIASES: Readonly<Record<string, string>> = {
  usa: '021', us: '021', 'u s': '021', 'u s a': '021', america: '021', 'united states': '021', yank: '021',
  uk: '154', 'u k': '154', britain: '154', 'great britain': '154', england: '154', scotland: '154', wales: '154',
  'northern ireland': '154', english: '154', scottish: '154', welsh: '154', scot: '154', brit: '154',
  holland: '155', netherlands: '155', dutch: '155', 'czech republic': '151', 'ivory coast': '202', burma: '035',
  russia: '151', 'south korea': '030', korea: '030', korean: '030', 'north korea': '030', iran: '034', syria: '145',
  laos: '035', vietnam: '035', bolivia: '419', venezuela: '419', tanzania: '202', moldova: '151', gambia: '202',
  turkey: '145', turkish: '145', 'east timor': '035', swaziland: '202', 'cape verde': '202', macedonia: '039', vatican: '039',
  taiwan: '030', taiwanese: '030', 'hong kong': '030', macau: '030', kosovo: '039', kosovar: '039', uae: '145',
  emirati: '145', filipino: '035', filipina: '035', kiwi: '053', aussie: '053', congolese: '202', drc: '202',
  'dr congo': '202', 'new zealander': '053', 'puerto rican': '419',
  // A country named by its main island: "bail in trinidad" is Trinidad and Tobago's law, not Bolivia's town's.
  trinidad: '419', tobago: '419',
};

/** Alias → ISO 639-3 code of data/languages.json. */
// prettier-ignore
export const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  mandarin: 'zho', cantonese: 'yue', putonghua: 'zho', farsi: 'fas', punjabi: 'pan', greek: 'ell',
  pashto: 'pus', filipino: 'fil', swahili: 'swa', malay: 'msa', nepali: 'nep', flemish: 'nld', castilian: 'spa',
};
