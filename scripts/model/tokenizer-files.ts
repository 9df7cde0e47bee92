/**
 * Tokenizer files for a whole-word vocabulary in the Hugging Face format transformers.js reads: BERT
 * normaliser (lower case, accents stripped) and pre-tokeniser (split on spaces and punctuation), WordPiece
 * with no `##` pieces, so a word is either in the vocabulary or becomes [UNK] (id 1, a zero vector).
 */
export const PAD = '[PAD]';
export const UNK = '[UNK]';

export function tokenizerJson(words: readonly string[]): object {
  const vocab: Record<string, number> = { [PAD]: 0, [UNK]: 1 };
  words.forEach((w, i) => (vocab[w] = i + 2));
  const special = (id: number, content: string) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: [special(0, PAD), special(1, UNK)],
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: true, lowercase: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: UNK, continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab },
  };
}

export function tokenizerConfigJson(): object {
  return {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: 128,
    pad_token: PAD,
    unk_token: UNK,
    clean_up_tokenization_spaces: true,
  };
}

export function modelConfigJson(vocabSize: number, dimension: number): object {
  return {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: dimension,
    vocab_size: vocabSize,
    max_position_embeddings: 128,
    'transformers.js_config': { dtype: 'fp32' },
  };
}
