/** The README's first-minute messages, word for word: the unit test and the Demo Chat e2e test both type them. */
export const FIRST_MESSAGE = 'My daughter Mia (7) has asthma; can she do PE at her school in Leeds?';
export const SECOND_MESSAGE = 'Can you suggest a career change that builds on my current job?';
