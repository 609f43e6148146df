project = 'Sphinx'
extensions = ['sphinx.ext.extlinks']
extlinks = {
    'duref': ('https://docutils.sourceforge.io/docs/ref/rst/restructuredtext.html#%s', '%s'),
    'durole': ('https://docutils.sourceforge.io/docs/ref/rst/roles.html#%s', '%s'),
    'dudir': ('https://docutils.sourceforge.io/docs/ref/rst/directives.html#%s', '%s'),
    'dupage': ('https://docutils.sourceforge.io/docs/ref/rst/%s.html', '%s'),
}
html_theme = 'alabaster'
def setup(app):
    app.add_object_type('confval', 'confval', objname='configuration value', indextemplate='pair: %s; configuration value')
