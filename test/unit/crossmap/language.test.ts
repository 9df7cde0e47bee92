/** The language of a message (src/crossmap/language.ts): the six the tagger reads, fifteen others it does not, and the rules for short, empty and mixed messages. */
import { describe, expect, it } from 'vitest';
import { detectLanguage, READ_LANGUAGES } from '../../../src/crossmap/language';

const READ: Record<string, string[]> = {
  en: [
    "hi can u help me write a msg to my gp surgery asking to move my appt from thurs to next week, i'm Priya Nair",
    'My daughter Emily has had a temperature for two days, should I take her to the walk-in centre in Leeds?',
    'Can you make this email to my landlord sound less angry? The boiler has been broken since Monday.',
    "what's the difference between type 1 and type 2 diabetes",
  ],
  de: [
    'Mein Sohn Jonas hat Asthma, wir wohnen in Kassel.',
    'Kannst du mir helfen, einen Brief an meine Krankenkasse zu schreiben? Ich brauche eine Kostenübernahme für die Physiotherapie.',
    'ich habe seit 3 tagen kopfschmerzen und fieber, was soll ich tun',
    'hallo ich bin die anna aus koeln und brauche hilfe mit meiner steuererklaerung fuer 2023',
    'Meine Vermieterin Frau Schulz will die Kaution nicht zurückzahlen, obwohl die Wohnung sauber war.',
  ],
  fr: [
    "Bonjour, pouvez-vous m'aider à écrire une lettre à mon propriétaire à Lyon ? Le chauffage ne marche plus.",
    "ma fille Chloé a de la fièvre depuis hier soir, est-ce que je dois l'emmener aux urgences",
    'salut je m appelle julie et j habite a lille, tu peux m aider a ecrire un mail a mon patron',
    'Quels documents faut-il pour renouveler un titre de séjour en préfecture ?',
  ],
  es: [
    'Hola, me llamo María López y vivo en Sevilla. ¿Me ayudas a escribir una carta al banco?',
    'mi hijo Pablo tiene fiebre desde ayer, que le puedo dar',
    'necesito ayuda con una reclamacion a la compania de luz, me cobraron dos veces este mes',
    '¿Cuánto tiempo tarda en llegar la tarjeta sanitaria en Madrid?',
  ],
  pt: [
    'Olá, pode me ajudar a escrever um e-mail para o meu chefe? Preciso de folga na sexta-feira.',
    'meu filho tem febre desde ontem, o que faco',
    'o meu senhorio em Lisboa quer aumentar a renda, isso é legal?',
    'minha mae foi diagnosticada com diabetes e eu queria saber o que ela pode comer',
  ],
  it: [
    'Ciao, mi chiamo Luca Bianchi e abito a Torino, mi aiuti a scrivere una lettera al mio datore di lavoro?',
    'mia figlia Giulia ha la febbre da due giorni, devo portarla dal pediatra',
    'il mio padrone di casa non mi restituisce la caparra, cosa posso fare',
    'Quali documenti servono per rinnovare il permesso di soggiorno a Milano?',
  ],
};

/** Realistic messages in fifteen languages the tagger does not read; Indonesian is Malay to eld, which has no Indonesian. */
const OTHERS: Record<string, string[]> = {
  nl: [
    'Hoi, kun je me helpen een mail te schrijven aan mijn huisarts in Utrecht? Ik wil mijn afspraak van donderdag verzetten.',
    'Mijn dochter Sanne heeft al drie dagen koorts, moet ik naar de dokter?',
    'Wat is het verschil tussen een koopwoning en een huurwoning in Amsterdam qua belasting?',
    'Kun je deze brief aan de gemeente Rotterdam wat vriendelijker maken?',
    'ik ben Pieter de Vries, 34 jaar, en ik zoek een nieuwe baan als verpleegkundige in Eindhoven',
  ],
  pl: [
    'Cześć, możesz mi pomóc napisać maila do szefa? Potrzebuję urlopu od 12 do 19 sierpnia.',
    'Mam na imię Katarzyna Nowak i mieszkam w Krakowie, szukam pracy jako księgowa.',
    'jak napisać odwołanie od decyzji ZUS w sprawie zasiłku chorobowego',
    'Mój syn Kuba ma gorączkę od wczoraj, czy powinnam iść z nim do lekarza?',
    'czesc, mozesz mi pomoc napisac maila do wlasciciela mieszkania w Gdansku',
  ],
  tr: [
    "Merhaba, İstanbul'daki ev sahibime kira artışı hakkında bir mektup yazmama yardım eder misin?",
    "Benim adım Ayşe Yılmaz, Ankara'da öğretmenim ve yeni bir iş arıyorum.",
    'Oğlum Emre üç gündür öksürüyor, doktora götürmeli miyim?',
    "bu e-postayı daha kibar hale getirebilir misin, patronum Mehmet Bey'e gönderiyorum",
    "Izmir'de iyi bir dis hekimi onerebilir misin? Disim cok agriyor.",
  ],
  sv: [
    'Hej, kan du hjälpa mig skriva ett mejl till min chef om att jag behöver ledigt nästa vecka?',
    'Jag heter Erik Lindqvist och bor i Göteborg, jag söker jobb som sjuksköterska.',
    'Min dotter Elsa har haft feber i två dagar, ska jag ringa vårdcentralen?',
    'Vad är skillnaden mellan bostadsrätt och hyresrätt i Stockholm?',
    'kan du göra det här brevet till Försäkringskassan lite mer formellt',
  ],
  ro: [
    'Bună, mă poți ajuta să scriu un email către proprietarul apartamentului din Cluj?',
    'Mă numesc Andreea Popescu și lucrez ca asistentă medicală la un spital din București.',
    'Fiul meu Mihai are febră de două zile, ce ar trebui să fac?',
    'Care este diferența dintre un contract pe perioadă determinată și unul pe perioadă nedeterminată?',
    'poti sa faci scrisoarea asta mai politicoasa, o trimit la primaria din Iasi',
  ],
  ca: [
    'Hola, em pots ajudar a escriure un correu a la meva metgessa de Girona? Vull canviar la cita de dijous.',
    'Em dic Jordi Puig i visc a Barcelona, busco feina com a infermer.',
    "La meva filla Laia té febre des d'ahir, què he de fer?",
    'Quina és la diferència entre un contracte indefinit i un de temporal a Catalunya?',
    "pots fer que aquesta carta a l'Ajuntament de Lleida sigui més formal",
  ],
  ru: [
    'Привет, помоги написать письмо начальнику, мне нужен отпуск с 10 по 20 июля.',
    'Меня зовут Анна Смирнова, я живу в Москве и ищу работу бухгалтером.',
    'У моего сына Димы температура уже три дня, надо ли вызывать врача?',
    'Как правильно составить жалобу в управляющую компанию в Санкт-Петербурге?',
    'переведи, пожалуйста, это письмо от хозяина квартиры',
  ],
  el: [
    'Γεια σου, μπορείς να με βοηθήσεις να γράψω ένα email στον γιατρό μου στη Θεσσαλονίκη;',
    'Με λένε Μαρία Παπαδοπούλου και μένω στην Αθήνα, ψάχνω δουλειά ως νοσηλεύτρια.',
    'Ο γιος μου ο Νίκος έχει πυρετό εδώ και δύο μέρες, τι να κάνω;',
    'Ποια είναι η διαφορά μεταξύ ενοικίου και αγοράς σπιτιού στην Κρήτη;',
    'μπορείς να κάνεις αυτό το γράμμα πιο ευγενικό;',
  ],
  ar: [
    'مرحبا، هل يمكنك مساعدتي في كتابة رسالة إلى مديري في دبي؟',
    'اسمي أحمد الخطيب وأعيش في عمّان، أبحث عن عمل كمهندس.',
    'ابني عمر عنده حرارة منذ يومين، هل يجب أن أذهب به إلى الطبيب؟',
    'ما الفرق بين عقد العمل المحدد وغير المحدد في السعودية؟',
    'ترجم لي هذه الرسالة من صاحب الشقة في القاهرة من فضلك',
  ],
  hi: [
    'नमस्ते, क्या आप मुझे मेरे बॉस को छुट्टी के लिए ईमेल लिखने में मदद कर सकते हैं?',
    'मेरा नाम प्रिया शर्मा है और मैं दिल्ली में रहती हूँ, मुझे नौकरी चाहिए।',
    'मेरे बेटे राहुल को दो दिन से बुखार है, क्या मुझे डॉक्टर के पास जाना चाहिए?',
    'मुंबई में किराये का घर ढूंढने के लिए क्या दस्तावेज़ चाहिए?',
    'इस पत्र को थोड़ा और विनम्र बना दीजिए, यह मकान मालिक के लिए है',
  ],
  zh: [
    '你好，能帮我给上海的房东写一封邮件吗？我想提前退租。',
    '我叫王晓明，在北京做会计，想找一份新工作。',
    '我儿子小宝发烧两天了，需要去医院吗？',
    '深圳和广州哪个城市更适合年轻人发展？',
    '请帮我把这封信改得更礼貌一点，是写给李经理的。',
  ],
  ja: [
    'こんにちは、東京の大家さんにメールを書くのを手伝ってもらえますか？',
    '私は田中花子です。大阪で看護師として働いています。',
    '息子の健太が二日前から熱があります。病院に行くべきですか？',
    '京都でおすすめの歯医者さんを教えてください。',
    'この手紙をもう少し丁寧にしてもらえますか。上司の佐藤さんに送ります。',
  ],
  ko: [
    '안녕하세요, 서울에 있는 집주인에게 보낼 이메일 좀 도와주실 수 있나요?',
    '제 이름은 김민지이고 부산에서 간호사로 일하고 있어요.',
    '아들 준호가 이틀째 열이 나는데 병원에 가야 할까요?',
    '인천에서 괜찮은 치과 추천해 주세요.',
    '이 편지를 좀 더 정중하게 바꿔 주세요. 박 부장님께 보낼 거예요.',
  ],
  ms: [
    'Halo, bisa bantu saya menulis email ke atasan saya di Jakarta? Saya mau minta cuti minggu depan.',
    'Nama saya Budi Santoso, saya tinggal di Surabaya dan sedang mencari pekerjaan sebagai perawat.',
    'Anak saya Dewi sudah demam dua hari, apakah harus dibawa ke dokter?',
    'Apa bedanya kontrak kerja tetap dan kontrak kerja sementara di Indonesia?',
    'tolong buat surat ini lebih sopan, untuk pemilik kos di Bandung',
  ],
  vi: [
    'Chào bạn, bạn có thể giúp tôi viết email cho chủ nhà ở Hà Nội không?',
    'Tôi tên là Nguyễn Thị Lan, tôi sống ở Thành phố Hồ Chí Minh và đang tìm việc làm y tá.',
    'Con trai tôi bé Minh bị sốt hai ngày rồi, có nên đưa đi khám bác sĩ không?',
    'Sự khác nhau giữa hợp đồng lao động có thời hạn và không thời hạn là gì?',
    'làm ơn viết lại lá thư này lịch sự hơn, gửi cho sếp của tôi ở Đà Nẵng',
  ],
};

const GERMAN_LETTER =
  'Sehr geehrter Herr Smith,\nhiermit kündigen wir Ihnen die Wohnung in der Bergstraße zum Ende des Monats. Bitte vereinbaren Sie einen Termin für die Wohnungsübergabe mit unserer Hausverwaltung. Die Kaution wird nach der Übergabe abgerechnet.\nMit freundlichen Grüßen\nHelga Braun';
const POLISH_LETTER =
  'Szanowny Panie, uprzejmie informuję, że od pierwszego kwietnia czynsz za mieszkanie przy ulicy Długiej wzrośnie o dwieście złotych. Proszę o potwierdzenie otrzymania tej wiadomości do końca miesiąca.\n\nZ poważaniem,\nAnna Kowalczyk';

describe('detectLanguage', () => {
  it('reads the six languages, typed with or without accents and capitals', () => {
    for (const [code, messages] of Object.entries(READ)) {
      for (const text of messages) expect(detectLanguage(text), text).toEqual({ code, name: expect.any(String), read: true });
    }
    expect(READ_LANGUAGES).toEqual(['en', 'de', 'fr', 'es', 'pt', 'it']);
  });

  it('names the language in English', () => {
    expect(detectLanguage(READ.de![0]!).name).toBe('German');
    expect(detectLanguage(OTHERS.pl![0]!).name).toBe('Polish');
    expect(detectLanguage(OTHERS.zh![0]!).name).toBe('Chinese');
  });

  it('does not read fifteen other languages, and names each (Indonesian as Malay)', () => {
    for (const [code, messages] of Object.entries(OTHERS)) {
      for (const text of messages) expect(detectLanguage(text), text).toEqual({ code, name: expect.any(String), read: false });
    }
  });

  it('reads what is too short to tell in Latin script: as the one of the six eld ranks first, else English', () => {
    for (const text of ['hi', 'ok thanks', 'thx!', 'lol', 'sure, go ahead'])
      expect(detectLanguage(text), text).toEqual({ code: 'en', name: 'English', read: true });
    expect(detectLanguage('Danke!').code).toBe('de');
    expect(detectLanguage('merci beaucoup').code).toBe('fr');
    expect(detectLanguage('Buenos días').code).toBe('es');
    // A few words of another language are read too: nothing there to misread.
    expect(detectLanguage('Dziękuję bardzo!').read).toBe(true);
    expect(detectLanguage('Hoi, hoe gaat het?').read).toBe(true);
  });

  it('reads a message with no words as English: an e-mail address, numbers, a link, nothing', () => {
    for (const text of ['jan.kowalski@gmail.com', '+49 170 1234567', '12/03/2024 14:30', 'https://www.bbc.co.uk/news/uk-12345678', '', '  \n ', '👍👍'])
      expect(detectLanguage(text), text).toEqual({ code: 'en', name: 'English', read: true });
  });

  it('never reads another script, however short', () => {
    expect(detectLanguage('Привет')).toEqual({ code: 'ru', name: 'Russian', read: false });
    expect(detectLanguage('안녕')).toEqual({ code: 'ko', name: 'Korean', read: false });
    expect(detectLanguage('ありがとう')).toMatchObject({ code: 'ja', read: false });
    expect(detectLanguage('γεια')).toMatchObject({ code: 'el', read: false });
    expect(detectLanguage('谢谢')).toEqual({ code: 'und', name: 'Unknown', read: false });
    expect(detectLanguage('Translate to Chinese: 我叫王晓明，在北京做会计，想找一份新工作。').read).toBe(false);
  });

  it('leaves addresses, links and numbers out of a message in another language', () => {
    expect(
      detectLanguage('Mój e-mail to jan.kowalski@gmail.com, telefon 601 234 567, strona https://example.com/kontakt, zadzwoń proszę po 18:00'),
    ).toMatchObject({ code: 'pl', read: false });
  });

  it('reads a message mixing two of the six in the one with more letters', () => {
    expect(detectLanguage(`Can you translate this letter from my landlord for me?\n\n${GERMAN_LETTER}`)).toMatchObject({ code: 'de', read: true });
    expect(
      detectLanguage(
        `${GERMAN_LETTER}\n\n${READ.en![1]} ${READ.en![2]} Also, what does "Wohnungsübergabe" mean exactly, and do I have to be there myself or can my partner go?`,
      ),
    ).toMatchObject({ code: 'en', read: true });
  });

  it('reads a message partly in the six when that part has a fifth of its letters, else not', () => {
    const question = 'Can you translate this into English for me? It is from my landlord in Kraków and I think it says the rent is going up:';
    expect(detectLanguage(`${question}\n\n${POLISH_LETTER}`)).toMatchObject({ code: 'en', read: true });
    expect(detectLanguage(`${POLISH_LETTER}\n\nwhat does this mean?`)).toMatchObject({ code: 'pl', read: false });
  });

  it('counts a greeting or a signature too short to tell with the text around it', () => {
    expect(detectLanguage('Dzień dobry,\n\nProszę o zwrot kaucji za mieszkanie przy ulicy Długiej.\n\nPozdrawiam,\nAnna')).toMatchObject({
      code: 'pl',
      read: false,
    });
    expect(detectLanguage('Hej!\n\nJag heter Erik och bor i Göteborg.\n\nTack,\nErik')).toMatchObject({ code: 'sv', read: false });
    expect(detectLanguage('Hi Ciara,\n\nAs discussed I will be starting at 10 on Tuesdays because of my physio.\n\nThanks\nOlumide')).toMatchObject({
      code: 'en',
      read: true,
    });
  });

  it('reads a long paragraph throughout, not only its first sentences', () => {
    const polish = `${OTHERS.pl![0]} ${OTHERS.pl![1]} ${OTHERS.pl![3]}\n`.repeat(8);
    expect(detectLanguage(`${READ.en![2]} ${READ.en![1]}\n${polish}`)).toMatchObject({ code: 'pl', read: false });
  });

  it('looks at the first 4,000 characters of a long message', () => {
    const english = `${READ.en![1]}\n`.repeat(60);
    expect(english.length).toBeGreaterThan(4_000);
    expect(detectLanguage(english + `${OTHERS.pl![1]}\n`.repeat(200))).toMatchObject({ code: 'en', read: true });
    expect(detectLanguage(`${OTHERS.pl![1]}\n`.repeat(60) + english)).toMatchObject({ code: 'pl', read: false });
  });
});
