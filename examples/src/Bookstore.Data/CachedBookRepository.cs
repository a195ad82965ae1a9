using Bookstore.Domain;

namespace Bookstore.Data
{
    /// <summary>Remembers what <see cref="FindById"/> returned until the next save.</summary>
    public sealed class CachedBookRepository : BookRepository
    {
        private readonly Dictionary<int, Book> _cache = new();

        public CachedBookRepository()
            : base("cached-books")
        {
        }

        public int Hits { get; private set; }

        public override Book? FindById(int id)
        {
            if (_cache.TryGetValue(id, out var cached))
            {
                Hits++;
                return cached;
            }

            var book = base.FindById(id);
            if (book is not null)
            {
                _cache[id] = book;
            }

            return book;
        }

        public override bool Remove(int id)
        {
            _cache.Remove(id);
            return base.Remove(id);
        }

        public override async Task SaveChangesAsync(CancellationToken cancellationToken = default)
        {
            await base.SaveChangesAsync(cancellationToken);
            _cache.Clear();
        }
    }
}
