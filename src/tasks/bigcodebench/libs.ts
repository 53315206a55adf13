/**
 * The third-party libraries BigCodeBench's tasks import (the union of the rows' `libs` outside
 * Python's standard library, as import names) and the Debian 12 package that provides each;
 * `null` where Debian has none (those tasks fail here unless a --python-env venv has them).
 */
export const BIGCODEBENCH_LIBS: Readonly<Record<string, string | null>> = {
  // Debian's python3-pycryptodome installs the library as `Cryptodome`, not `Crypto`.
  Crypto: null,
  Levenshtein: 'python3-levenshtein',
  PIL: 'python3-pil',
  blake3: null,
  bs4: 'python3-bs4',
  chardet: 'python3-chardet',
  cryptography: 'python3-cryptography',
  cv2: 'python3-opencv',
  dateutil: 'python3-dateutil',
  django: 'python3-django',
  docx: 'python3-docx',
  // Debian's only Faker is fake-factory 0.9.3 (2015), far from upstream's Faker 20.
  faker: 'python3-fake-factory',
  flask: 'python3-flask',
  flask_login: 'python3-flask-login',
  flask_mail: 'python3-flask-mail',
  flask_restful: 'python3-flask-restful',
  flask_wtf: 'python3-flaskext.wtf',
  folium: 'python3-folium',
  gensim: 'python3-gensim',
  geopandas: 'python3-geopandas',
  geopy: 'python3-geopy',
  holidays: 'python3-holidays',
  keras: null,
  librosa: null,
  lxml: 'python3-lxml',
  matplotlib: 'python3-matplotlib',
  mechanize: 'python3-mechanize',
  mpl_toolkits: 'python3-matplotlib',
  natsort: 'python3-natsort',
  nltk: 'python3-nltk',
  numpy: 'python3-numpy',
  openpyxl: 'python3-openpyxl',
  pandas: 'python3-pandas',
  prettytable: 'python3-prettytable',
  psutil: 'python3-psutil',
  pyquery: 'python3-pyquery',
  pytesseract: null,
  // Used by tests only (upstream's requirements pin them too).
  pyfakefs: 'python3-pyfakefs',
  requests_mock: 'python3-requests-mock',
  python_http_client: null,
  pytz: 'python3-tz',
  regex: 'python3-regex',
  requests: 'python3-requests',
  rsa: 'python3-rsa',
  scipy: 'python3-scipy',
  seaborn: 'python3-seaborn',
  sendgrid: null,
  shapely: 'python3-shapely',
  skimage: 'python3-skimage',
  sklearn: 'python3-sklearn',
  soundfile: 'python3-soundfile',
  statsmodels: 'python3-statsmodels',
  sympy: 'python3-sympy',
  tensorflow: null,
  textblob: null,
  texttable: 'python3-texttable',
  werkzeug: 'python3-werkzeug',
  wikipedia: null,
  wordcloud: 'python3-wordcloud',
  wordninja: null,
  wtforms: 'python3-wtforms',
  // Not in any task's libs, but pandas needs it to read .xls files (upstream pins it too).
  xlrd: 'python3-xlrd',
  xlwt: 'python3-xlwt',
  xmltodict: 'python3-xmltodict',
  yaml: 'python3-yaml',
};

/** Import names of every library above. */
export const BIGCODEBENCH_MODULES: readonly string[] = Object.keys(BIGCODEBENCH_LIBS).sort();

/** The Debian packages to install (deduplicated, sorted). */
export const BIGCODEBENCH_DEBIAN_PACKAGES: readonly string[] = [
  ...new Set(Object.values(BIGCODEBENCH_LIBS).filter((p): p is string => p !== null)),
].sort();

/** Libraries no Debian package provides. */
export const BIGCODEBENCH_NOT_IN_DEBIAN: readonly string[] = BIGCODEBENCH_MODULES.filter(
  (name) => BIGCODEBENCH_LIBS[name] === null,
);
