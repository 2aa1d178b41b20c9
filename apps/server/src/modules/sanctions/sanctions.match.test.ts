import { describe, expect, it } from 'vitest';
import { parseSanctionsCsv, SanctionsFileError } from './sanctions.csv.js';
import { dateOfBirthFactor, jaroWinkler, nameSimilarity, normalizeName, prepareName } from './sanctions.match.js';
import { DEFAULT_MATCH_THRESHOLD } from './sanctions.service.js';

const score = (a: string, b: string) => nameSimilarity(prepareName(a), prepareName(b));
const matches = (a: string, b: string) => score(a, b) >= DEFAULT_MATCH_THRESHOLD;

describe('jaroWinkler', () => {
  it('gives the published values (Winkler 1990) and the edges', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 3);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('same', 'same')).toBe(1);
    expect(jaroWinkler('', '')).toBe(0);
    expect(jaroWinkler('abc', '')).toBe(0);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });
});

describe('normalizeName', () => {
  it('drops case, accents and punctuation and undoes "LAST, First"', () => {
    expect(normalizeName('MÁRQUEZ DEL VALLE, José Ignacio')).toBe('jose ignacio marquez del valle');
    expect(normalizeName('Müller-Lüdenscheidt, Zoë')).toBe('zoe muller ludenscheidt');
    expect(normalizeName("O'Brien  &  Søn Ltd.")).toBe('obrien son ltd');
    expect(normalizeName('Straße')).toBe('strasse');
    expect(normalizeName('  ,, ')).toBe('');
  });
});

describe('nameSimilarity', () => {
  it('reordered names match fully', () => {
    expect(score('ZHAROVSKY, Viktor Pavlovich', 'Viktor Pavlovich Zharovsky')).toBe(1);
    expect(score('ZHAROVSKY, Viktor Pavlovich', 'Pavlovich Zharovsky Viktor')).toBe(1);
  });

  it('accents and case do not matter', () => {
    expect(score('MÁRQUEZ DEL VALLE, José Ignacio', 'jose ignacio marquez del valle')).toBe(1);
    expect(score('DRAVENKO, Oksana', 'OKSANA DRÁVENKO')).toBe(1);
  });

  it('a typo or a missing middle name is still a possible match', () => {
    expect(matches('ZHAROVSKY, Viktor Pavlovich', 'Viktor Zharovsky')).toBe(true);
    expect(matches('ZHAROVSKY, Viktor Pavlovich', 'Viktor Pavlovich Zharovksy')).toBe(true);
    expect(matches('OSTRANDER-VEX, Helga', 'Helga Ostrander Vexx')).toBe(true);
    expect(matches('QUANTRELL HOLDINGS LIMITED', 'Quantrel Holdings Ltd')).toBe(true);
  });

  it('names written together or apart match', () => {
    expect(matches('ABDULRAHMAN, Khalid', 'Khalid Abdul Rahman')).toBe(true);
  });

  it('different people do not match, also when they share a first name or a surname', () => {
    expect(matches('ZHAROVSKY, Viktor Pavlovich', 'Thandi Nkosi')).toBe(false);
    expect(matches('ZHAROVSKY, Viktor Pavlovich', 'Viktor Mokoena')).toBe(false);
    expect(matches('DRAVENKO, Oksana', 'Zanele Dube')).toBe(false);
    expect(matches('John Smith', 'Jane Smith')).toBe(false);
    expect(matches('John Smith', 'Smith')).toBe(false);
    expect(matches('VANTERPOOL, Ezekiel Mordaunt', 'Bongani Buyer')).toBe(false);
    expect(score('anything', '')).toBe(0);
  });

  it('an initial pairs only with a word of the same letter', () => {
    expect(score('V Zharovsky', 'Viktor Zharovsky')).toBeGreaterThan(score('K Zharovsky', 'Viktor Zharovsky'));
  });
});

describe('dateOfBirthFactor', () => {
  it('a year within one of any listed year keeps the score; a year far from all lowers it; unknown keeps it', () => {
    expect(dateOfBirthFactor('1961-03-14', '14 Mar 1961')).toBe(1);
    expect(dateOfBirthFactor('1959-01-01', '02 Feb 1958; alt. DOB 1960')).toBe(1);
    expect(dateOfBirthFactor('1990-01-01', '14 Mar 1961')).toBeLessThan(1);
    expect(dateOfBirthFactor(undefined, '14 Mar 1961')).toBe(1);
    expect(dateOfBirthFactor('1990-01-01', null)).toBe(1);
  });
});

describe('parseSanctionsCsv (OFAC sdn.csv and alt.csv)', () => {
  const sdn =
    '36,"AEROCARIBBEAN AIRLINES","-0- ","CUBA",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Havana, Cuba."\n' +
    '173,"ANGLO-CARIBBEAN CO., LTD.","-0- ","CUBA] [DEMO",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n' +
    '306,"DOE, Jane","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"DOB 01 Jan 1970; nationality Freedonia."\n' +
    '\u001a\n';
  const alt = '306,12,"aka","DOE, Janet",-0- \n173,13,"aka","AC CO",-0- \n';

  it('reads entries, types, programs, dates of birth, countries and aliases', () => {
    const entries = parseSanctionsCsv(sdn, alt);
    expect(entries).toHaveLength(3);
    expect(entries[1]).toMatchObject({
      entryId: '173',
      name: 'ANGLO-CARIBBEAN CO., LTD.',
      type: 'entity',
      program: 'CUBA, DEMO',
      aliases: ['AC CO'],
      remarks: null,
    });
    expect(entries[2]).toMatchObject({
      entryId: '306',
      type: 'individual',
      dateOfBirth: '01 Jan 1970',
      country: 'Freedonia',
      aliases: ['DOE, Janet'],
    });
  });

  it('takes a header row', () => {
    expect(
      parseSanctionsCsv(
        `ent_num,SDN_Name,SDN_Type,Program,Title,Call_Sign,Vess_type,Tonnage,GRT,Vess_flag,Vess_owner,Remarks\n${sdn}`,
      ),
    ).toHaveLength(3);
  });

  it.each([
    ['', /no entries/],
    ['1,"A NAME","individual"\n', /row 1: expected 12 columns .*found 3/],
    ['x,"A NAME","-0- ","P",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n', /ent_num must be a number/],
    ['1,"-0- ","-0- ","P",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n', /SDN_Name is empty/],
    [
      '1,"A","-0- ","P",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n1,"B","-0- ","P",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- \n',
      /appears twice/,
    ],
    ['1,"unclosed,-0- \n', /not valid CSV/],
  ])('refuses a bad list file with a message saying what is wrong (%#)', (text, message) => {
    expect(() => parseSanctionsCsv(text)).toThrow(SanctionsFileError);
    expect(() => parseSanctionsCsv(text)).toThrow(message);
  });

  it('refuses aliases of entries the list does not have', () => {
    expect(() => parseSanctionsCsv(sdn, '999,1,"aka","X",-0- \n')).toThrow(/ent_num 999 is not in the list file/);
  });
});
